// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP network config validation.
 */
package org.fudp.config;
