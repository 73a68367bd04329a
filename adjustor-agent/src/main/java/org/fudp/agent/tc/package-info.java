// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The adjustor agent's data plane: a Linux bridge between the two switch-facing interfaces and
 * per-flow rate limits on its egress, built as an HTB tree with u32 (or flower) 5-tuple filters and
 * reconciled against the controller's desired allocation through one {@code tc -batch} per apply.
 */
package org.fudp.agent.tc;
