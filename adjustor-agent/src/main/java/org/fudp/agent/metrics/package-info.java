// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The agent's counters and their Prometheus text exposition over HTTP (loopback by default).
 */
package org.fudp.agent.metrics;
