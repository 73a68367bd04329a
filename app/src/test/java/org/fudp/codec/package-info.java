// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP JSON codecs, and the test doubles the REST and CLI tests share.
 */
package org.fudp.codec;
