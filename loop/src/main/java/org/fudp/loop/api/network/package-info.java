// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What the loop knows and asks of the network around a facility: address prefixes, the configured
 * bottlenecks ({@link org.fudp.loop.api.network.BottleneckTable}) and the host's
 * {@link org.fudp.loop.api.network.NetworkView}, which says where a flow goes on and which correlation flow set
 * it joins. The lowest package of the API: it uses none of the others.
 */
package org.fudp.loop.api.network;
