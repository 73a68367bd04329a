// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP control protocol codec, reassembly and framing.
 */
package org.fudp.protocol;
