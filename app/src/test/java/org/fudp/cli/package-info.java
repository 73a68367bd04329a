// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP Karaf commands' output and of their completers.
 */
package org.fudp.cli;
