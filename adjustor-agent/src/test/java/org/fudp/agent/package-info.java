// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the agent daemon and its command line.
 */
package org.fudp.agent;
