// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Test doubles of the FUDP service API shared by the REST, CLI and GUI tests.
 */
package org.fudp.api;
