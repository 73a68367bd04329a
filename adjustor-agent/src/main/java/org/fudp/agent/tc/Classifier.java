// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

/**
 * The tc classifier that steers a limited flow's packets into its HTB class.
 */
public enum Classifier {
    /**
     * u32 exact matches in 256-bucket hash tables, one table per address family; present in every
     * kernel with HTB.
     */
    U32,
    /** flower, which hashes on the full 5-tuple itself; used where the kernel has it. */
    FLOWER
}
