// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the agent's control logic.
 */
package org.fudp.agent.control;
