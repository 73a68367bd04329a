// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * A small controller stand-in for tests and the lab: encodes snapshots, deltas, clears and
 * heartbeats, sends them as raw frames, and collects the agent's ACKs.
 */
package org.fudp.agent.send;
