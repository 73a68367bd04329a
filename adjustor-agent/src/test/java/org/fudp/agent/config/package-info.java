// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the agent's configuration parsing.
 */
package org.fudp.agent.config;
