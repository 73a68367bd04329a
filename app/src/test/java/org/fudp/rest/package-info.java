// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP REST API: the real Jersey application on in-process Jetty over a service
 * double.
 */
package org.fudp.rest;
