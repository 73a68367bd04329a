// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Correlation flow sets (CFS): which flows share a bottleneck and count in it (membership, light
 * TCP, UDP pressure, departures), the set's state, and FUDPA run once per set per period with these
 * inputs ({@link org.fudp.loop.sets.SetDecisions}, the algorithm itself in {@code org.fudp.algorithm}).
 */
package org.fudp.loop.sets;
