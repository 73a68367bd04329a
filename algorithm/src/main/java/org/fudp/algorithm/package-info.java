// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * FUDPA, the FUDP allocation algorithm (paper section 4.2), as plain Java with no third-party
 * imports.
 *
 * <p>Per correlation flow set (CFS) and per control period, a {@link org.fudp.algorithm.CfsController}
 * takes the measured TCP and UDP rates ({@link org.fudp.algorithm.CfsInput}), predicts the TCP
 * aggregate (eq. 1 and 2), checks whether the UDP average lies inside the TCP fairness band, and
 * when it does not, shares the available bandwidth (eq. 3) with {@link org.fudp.algorithm.MaxMinAllocator}
 * (Algorithm 1). Each period yields one immutable {@link org.fudp.algorithm.Decision}.
 * See {@code docs/algorithm.md} for every choice made where the paper is silent.
 */
package org.fudp.algorithm;
