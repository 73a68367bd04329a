// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP flow adjustor agent: command line, daemon wiring and lifecycle.
 */
package org.fudp.agent;
