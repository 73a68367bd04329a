// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the lab host: ovs-ofctl text in and out, and the loop hosted on a fake switch.
 */
package org.fudp.lab;
