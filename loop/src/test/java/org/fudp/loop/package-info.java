// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the host-free control loop.
 */
package org.fudp.loop;
