// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the adjustor agent's tc data plane: reconciliation plans, batch execution against a fake
 * tc, read-back of an installed tree and feature detection.
 */
package org.fudp.agent.tc;
