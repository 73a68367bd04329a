// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The agent's link layer: raw control frames in and out of an interface through libpcap.
 */
package org.fudp.agent.net;
