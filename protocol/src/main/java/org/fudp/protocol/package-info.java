// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP control protocol between the controller and flow adjustors: flow identities,
 * per-flow rate limits and the authenticated wire codec both sides share.
 */
package org.fudp.protocol;
