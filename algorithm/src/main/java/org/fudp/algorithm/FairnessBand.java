// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

/**
 * The fairness test of paper section 4.2.2, with the hysteresis that keeps a UDP average
 * hovering at a band edge from flapping.
 *
 * <p>The band is [W_ad, W_au] = [(W_{k+1} - D_{k+1}) / n, (W_{k+1} + D_{k+1}) / n]. A CFS whose
 * last test found it fair is reallocated only when the UDP average leaves the band by more than
 * the margin, max(hysteresis * W_{k+1} / n, noise floor). A CFS that was just reallocated is fair
 * again only when the average is back inside the band (widened by the noise floor alone). With
 * hysteresis and noise floor 0 this is exactly the paper's test.
 */
final class FairnessBand {

    private FairnessBand() {
    }

    /**
     * Returns the band's lower bound W_ad(f_T).
     *
     * @param predictedTcpBps W_{k+1}
     * @param deviationBps D_{k+1}
     * @param tcpFlows n, at least 1
     * @return bit/s
     */
    static double low(double predictedTcpBps, double deviationBps, int tcpFlows) {
        return (predictedTcpBps - deviationBps) / tcpFlows;
    }

    /**
     * Returns the band's upper bound W_au(f_T).
     *
     * @param predictedTcpBps W_{k+1}
     * @param deviationBps D_{k+1}
     * @param tcpFlows n, at least 1
     * @return bit/s
     */
    static double high(double predictedTcpBps, double deviationBps, int tcpFlows) {
        return (predictedTcpBps + deviationBps) / tcpFlows;
    }

    /**
     * Returns the hysteresis margin: how far a fair set's UDP average may leave the band, and how
     * little a limit may move, before it counts.
     *
     * @param tcpAverageBps W_{k+1} / n
     * @param config hysteresis and noise floor
     * @return bit/s
     */
    static double margin(double tcpAverageBps, FudpaConfig config) {
        return Math.max(config.noiseFloorBps(), config.hysteresis() * tcpAverageBps);
    }

    /**
     * Judges the UDP average against the band.
     *
     * @param udpAverageBps W_a(f_U)
     * @param low W_ad(f_T)
     * @param high W_au(f_T)
     * @param tcpAverageBps W_{k+1} / n, the scale of the hysteresis margin
     * @param wasFair whether the previous judgement found the CFS fair
     * @param config hysteresis and noise floor
     * @return IN_BAND, WITHIN_MARGIN, ABOVE_BAND or BELOW_BAND
     */
    static Reason judge(double udpAverageBps, double low, double high, double tcpAverageBps,
                        boolean wasFair, FudpaConfig config) {
        if (udpAverageBps >= low && udpAverageBps <= high) {
            return Reason.IN_BAND;
        }
        double slack = wasFair ? margin(tcpAverageBps, config) : config.noiseFloorBps();
        if (udpAverageBps >= low - slack && udpAverageBps <= high + slack) {
            return Reason.WITHIN_MARGIN;
        }
        return udpAverageBps > high ? Reason.ABOVE_BAND : Reason.BELOW_BAND;
    }
}
