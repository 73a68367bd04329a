// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * FUDP's REST API under {@code /onos/fudp}: correlation flow sets, flows, allocations, agents,
 * history, facilities and bottlenecks, what-if and control.
 */
package org.fudp.rest;
