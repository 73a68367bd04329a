// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

/**
 * The transport protocol of a flow, the one property that decides its role in FUDPA.
 */
public enum Protocol {
    /** A TCP flow: its rate feeds the prediction of the TCP aggregate (eq. 1 and 2). */
    TCP,
    /** A UDP flow: FUDPA may limit its rate (Algorithm 1). */
    UDP
}
