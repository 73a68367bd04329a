// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP pages of ONOS's web GUI: the topology overlay that labels and colours the bottlenecks
 * FUDP controls, the "FUDP" view of correlation flow sets, and the message handlers that feed
 * both from {@link org.fudp.api.FudpService}.
 */
package org.fudp.gui;
