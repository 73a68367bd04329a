// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the sender tool's parsing.
 */
package org.fudp.agent.send;
