// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP manager, the ONOS way: the component with adapter services injected.
 */
package org.fudp.impl;
