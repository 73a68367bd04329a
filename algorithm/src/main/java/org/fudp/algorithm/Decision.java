// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What FUDPA decided for one CFS in one period, with every quantity that led to it: the decision
 * record that REST, CLI, GUI and logs show.
 *
 * <p>Rates are in bit/s. W and D are the values after this period's update, W_{k+1} and D_{k+1}
 * in the paper's notation. Immutable.
 */
public final class Decision {

    private static final double MBPS = 1e6;

    private final String cfsId;
    private final long period;
    private final int tcpFlows;
    private final int udpFlows;
    private final int missingSamples;
    private final double measuredTcpBps;
    private final double predictedTcpBps;
    private final double deviationBps;
    private final double bandLowBps;
    private final double bandHighBps;
    private final double udpAverageBps;
    private final double availableBps;
    private final double tcpRemainderBps;
    private final Allocations allocations;
    private final Reason reason;
    private final int udpPrincipals;
    private final double tcpFloorBps;

    // NaN marks a quantity this period did not compute; the accessors turn it into an empty optional.
    Decision(String cfsId, long period, int tcpFlows, int udpFlows, int missingSamples,
             double measuredTcpBps, double predictedTcpBps, double deviationBps,
             double bandLowBps, double bandHighBps, double udpAverageBps,
             double availableBps, double tcpRemainderBps, Allocations allocations, Reason reason) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.period = period;
        this.tcpFlows = tcpFlows;
        this.udpFlows = udpFlows;
        this.missingSamples = missingSamples;
        this.measuredTcpBps = measuredTcpBps;
        this.predictedTcpBps = predictedTcpBps;
        this.deviationBps = deviationBps;
        this.bandLowBps = bandLowBps;
        this.bandHighBps = bandHighBps;
        this.udpAverageBps = udpAverageBps;
        this.availableBps = availableBps;
        this.tcpRemainderBps = tcpRemainderBps;
        this.allocations = Objects.requireNonNull(allocations, "allocations");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.udpPrincipals = udpFlows;
        this.tcpFloorBps = Double.NaN;
    }

    private Decision(Decision d, int udpPrincipals, double tcpFloorBps) {
        this.cfsId = d.cfsId;
        this.period = d.period;
        this.tcpFlows = d.tcpFlows;
        this.udpFlows = d.udpFlows;
        this.missingSamples = d.missingSamples;
        this.measuredTcpBps = d.measuredTcpBps;
        this.predictedTcpBps = d.predictedTcpBps;
        this.deviationBps = d.deviationBps;
        this.bandLowBps = d.bandLowBps;
        this.bandHighBps = d.bandHighBps;
        this.udpAverageBps = d.udpAverageBps;
        this.availableBps = d.availableBps;
        this.tcpRemainderBps = d.tcpRemainderBps;
        this.allocations = d.allocations;
        this.reason = d.reason;
        this.udpPrincipals = udpPrincipals;
        this.tcpFloorBps = tcpFloorBps;
    }

    // The principals the UDP flows were shared among and the TCP floor (NaN: none computed).
    Decision withPrincipals(int principals, double floorBps) {
        return new Decision(this, principals, floorBps);
    }

    private static OptionalDouble optional(double v) {
        return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /**
     * Returns the CFS id.
     *
     * @return CFS id
     */
    public String cfsId() {
        return cfsId;
    }

    /**
     * Returns the period index k of this CFS, 0 for its first period.
     *
     * @return period index
     */
    public long period() {
        return period;
    }

    /**
     * Returns n, the number of TCP flows with a usable sample this period.
     *
     * @return n
     */
    public int tcpFlows() {
        return tcpFlows;
    }

    /**
     * Returns m, the number of UDP flows with a usable sample this period.
     *
     * @return m
     */
    public int udpFlows() {
        return udpFlows;
    }

    /**
     * Returns how many principals the m measured UDP flows belong to (docs/algorithm.md, "Principals"):
     * the units the band judges and Algorithm 1 shares among; m when every UDP flow is a principal of its
     * own, the paper's rule.
     *
     * @return the count, at most m
     */
    public int udpPrincipals() {
        return udpPrincipals;
    }

    /**
     * Returns the TCP floor: what the set's TCP flows (and the UDP flows counted with them) keep at least,
     * n / (n + K) of BW, however many principals its UDP counts.
     *
     * @return bit/s, empty without a floor or without TCP measured
     */
    public OptionalDouble tcpFloorBps() {
        return optional(tcpFloorBps);
    }

    /**
     * Returns how many member flows had no measurement this period (carried forward or not).
     *
     * @return count
     */
    public int missingSamples() {
        return missingSamples;
    }

    /**
     * Returns W(f_T), this period's measured TCP total.
     *
     * @return bit/s
     */
    public double measuredTcpBps() {
        return measuredTcpBps;
    }

    /**
     * Returns W_{k+1}(f_T), the predicted TCP total (eq. 1).
     *
     * @return bit/s
     */
    public double predictedTcpBps() {
        return predictedTcpBps;
    }

    /**
     * Returns D_{k+1}(f_T), the deviation of the TCP total (eq. 2).
     *
     * @return bit/s
     */
    public double deviationBps() {
        return deviationBps;
    }

    /**
     * Returns the band's lower bound W_ad(f_T) = (W_{k+1} - D_{k+1}) / n; it may be negative.
     *
     * @return bit/s, empty when there is no TCP flow to compute it from
     */
    public OptionalDouble bandLowBps() {
        return optional(bandLowBps);
    }

    /**
     * Returns the band's upper bound W_au(f_T) = (W_{k+1} + D_{k+1}) / n.
     *
     * @return bit/s, empty when there is no TCP flow to compute it from
     */
    public OptionalDouble bandHighBps() {
        return optional(bandHighBps);
    }

    /**
     * Returns W_a(f_U), the mean measured rate of the UDP flows.
     *
     * @return bit/s, empty when no UDP flow was measured
     */
    public OptionalDouble udpAverageBps() {
        return optional(udpAverageBps);
    }

    /**
     * Tells whether the UDP average sat inside the fairness band [W_ad, W_au], edges included:
     * the paper's test before Algorithm 1, without the hysteresis margin. A set without measured
     * UDP flows has nothing out of the band, nor has a settling set whose UDP flows all want less
     * than the band's lower bound ({@link Reason#BELOW_SHARE}); one without a band (no TCP measured)
     * is not in it. With settling, the average is over the UDP flows judged.
     *
     * @return true if in band
     */
    public boolean inBand() {
        if (udpFlows == 0 || reason == Reason.BELOW_SHARE) {
            return true;
        }
        return udpAverageBps >= bandLowBps && udpAverageBps <= bandHighBps;
    }

    /**
     * Tells whether the UDP flows were judged fair, so the allocations in force stayed.
     *
     * @return false exactly when this period put new allocations in force
     */
    public boolean fair() {
        return reason.isFair();
    }

    /**
     * Returns BW, the bandwidth Algorithm 1 distributed: eq. 3, capped by the capacity if known.
     *
     * @return bit/s, empty when this period did not reallocate
     */
    public OptionalDouble availableBps() {
        return optional(availableBps);
    }

    /**
     * Returns what Algorithm 1 left for the TCP flows: BW minus the UDP allocations.
     *
     * @return bit/s, empty when this period did not reallocate
     */
    public OptionalDouble tcpRemainderBps() {
        return optional(tcpRemainderBps);
    }

    /**
     * Returns every UDP flow's allocation in force after this period; a flow never limited is
     * absent.
     *
     * @return allocations
     */
    public Allocations allocations() {
        return allocations;
    }

    /**
     * Returns why the decision came out as it did.
     *
     * @return reason
     */
    public Reason reason() {
        return reason;
    }

    /**
     * Returns a one-line explanation for people, in Mbit/s.
     *
     * @return text
     */
    public String explanation() {
        String text;
        switch (reason) {
            case IN_BAND:
                text = "UDP average " + mbps(udpAverageBps) + " is inside the band " + band()
                        + ": allocations kept";
                break;
            case WITHIN_MARGIN:
                text = "UDP average " + mbps(udpAverageBps) + " is outside the band " + band()
                        + " by less than the margin (hysteresis or noise floor): allocations kept";
                break;
            case ABOVE_BAND:
            case BELOW_BAND:
                text = "UDP average " + mbps(udpAverageBps) + " is " + (reason == Reason.ABOVE_BAND ? "above" : "below")
                        + " the band " + band() + ": BW " + mbps(availableBps) + " reallocated among "
                        + tcpFlows + " TCP and " + udpFlows + " UDP flows" + ofPrincipals();
                break;
            case LINK_HAS_ROOM:
                text = "UDP average " + mbps(udpAverageBps) + " is above the band " + band()
                        + ", but every UDP flow is held at its limit and the link has room: TCP is below its share"
                        + " on its own; allocations kept";
                break;
            case AT_ALLOCATION:
                text = "UDP average " + mbps(udpAverageBps) + " is outside the band " + band()
                        + ", but reallocating BW " + mbps(availableBps)
                        + " would move no limit by more than the margin: allocations kept";
                break;
            case BELOW_FLOOR:
                text = "TCP predicted at " + mbps(predictedTcpBps) + " is below its floor " + mbps(tcpFloorBps)
                        + " while UDP of " + udpPrincipals + " principal" + (udpPrincipals == 1 ? "" : "s")
                        + " takes more than the rest: BW " + mbps(availableBps) + " reallocated among " + tcpFlows
                        + " TCP flows and " + udpFlows + " UDP flows, within the floor";
                break;
            case BELOW_SHARE:
                text = "every UDP flow wants less than the band's lower bound " + mbps(bandLowBps)
                        + ": none can reach the band, none needs a limit; allocations kept";
                break;
            case NO_UDP:
                text = "no UDP flow: nothing to allocate";
                break;
            case NO_UDP_SAMPLES:
                text = "no UDP flow was measured: allocations kept";
                break;
            case NO_TCP:
                text = "no TCP flow: every limit released; the predictor restarts when TCP returns";
                break;
            case NO_TCP_SAMPLES:
                text = "no TCP flow was measured: nothing changed";
                break;
            default:
                throw new AssertionError(reason);
        }
        if (missingSamples > 0) {
            text += " (" + missingSamples + " sample" + (missingSamples == 1 ? "" : "s") + " missing)";
        }
        return text;
    }

    private String ofPrincipals() {
        return udpPrincipals == udpFlows ? "" : " of " + udpPrincipals + " principal" + (udpPrincipals == 1 ? "" : "s");
    }

    private String band() {
        return String.format(Locale.ROOT, "[%.3f, %.3f] Mbit/s", bandLowBps / MBPS, bandHighBps / MBPS);
    }

    private static String mbps(double bps) {
        return String.format(Locale.ROOT, "%.3f Mbit/s", bps / MBPS);
    }

    @Override
    public String toString() {
        return "Decision{cfs=" + cfsId + ", period=" + period + ", n=" + tcpFlows + ", m=" + udpFlows
                + ", W(fT)=" + measuredTcpBps + ", W=" + predictedTcpBps + ", D=" + deviationBps
                + ", band=[" + bandLowBps + ", " + bandHighBps + "], Wa(fU)=" + udpAverageBps
                + ", reason=" + reason + ", BW=" + availableBps + ", principals=" + udpPrincipals
                + ", floor=" + tcpFloorBps + ", allocations=" + allocations + "}";
    }
}
