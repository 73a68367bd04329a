// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The paper's flow information collection (FIC): new flows from packet-ins or sFlow samples, a rule
 * per flow within the facility's budget or prefix aggregates, and each flow's rates from its
 * counters. It writes the flow table and knows nothing of sets or enforcement.
 */
package org.fudp.loop.collect;
