// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The paper's UDP flow control (UFC): the limits in force per flow and the enforcers that apply them,
 * the flow adjustor reached by authenticated Packet-Outs (session and channel) or OpenFlow meters,
 * routed per facility, and failing open when the adjustor cannot bridge. It reads the flow table;
 * it never reaches into collection.
 */
package org.fudp.loop.enforce;
