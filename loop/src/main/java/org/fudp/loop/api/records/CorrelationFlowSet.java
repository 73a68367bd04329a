// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

import org.fudp.loop.api.network.CfsKind;
import org.fudp.protocol.FiveTuple;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A correlation flow set (CFS): the flows that share one bottleneck (paper, Section 3.1), with
 * the totals of the last control period.
 * <p>
 * Ids are stable across periods and say where the bottleneck came from:
 * {@code bottleneck:NAME} for a configured bottleneck, {@code link:SRC-DST} for the
 * lowest-capacity link on the flows' path, {@code dst:IP} when no path was known and only the
 * common destination ties the flows together.
 * </p>
 */
public final class CorrelationFlowSet {

    private final String id;
    private final CfsKind kind;
    private final String egress;
    private final String linkDst;
    private final long capacityBps;
    private final Set<FiveTuple> tcpFlows;
    private final Set<FiveTuple> udpFlows;
    private final long tcpThroughputBps;
    private final long udpThroughputBps;
    private final long udpDemandBps;
    private final int lightTcpFlows;
    private final String tcpEvidence;
    private final int responsiveUdpFlows;
    private final double jainIndex;
    private final int udpPrincipals;
    private final List<PrincipalShare> topPrincipals;
    private final long tcpFloorBps;
    private final int units;
    private final long unitsBps;
    private final long unitsLimitBps;
    private final CfsState state;
    private final String stateReason;

    private CorrelationFlowSet(Builder b) {
        this.id = Objects.requireNonNull(b.id, "id");
        this.kind = Objects.requireNonNull(b.kind, "kind");
        this.egress = b.egress;
        this.linkDst = b.linkDst;
        this.capacityBps = b.capacityBps;
        this.tcpFlows = Collections.unmodifiableSet(new LinkedHashSet<>(b.tcpFlows));
        this.udpFlows = Collections.unmodifiableSet(new LinkedHashSet<>(b.udpFlows));
        this.tcpThroughputBps = b.tcpThroughputBps;
        this.udpThroughputBps = b.udpThroughputBps;
        this.udpDemandBps = b.udpDemandBps;
        this.lightTcpFlows = b.lightTcpFlows;
        this.tcpEvidence = Objects.requireNonNull(b.tcpEvidence, "tcpEvidence");
        this.responsiveUdpFlows = b.responsiveUdpFlows;
        this.jainIndex = b.jainIndex;
        this.udpPrincipals = b.udpPrincipals;
        this.topPrincipals = List.copyOf(b.topPrincipals);
        this.tcpFloorBps = b.tcpFloorBps;
        this.units = b.units;
        this.unitsBps = b.unitsBps;
        this.unitsLimitBps = b.unitsLimitBps;
        this.state = Objects.requireNonNull(b.state, "state");
        this.stateReason = Objects.requireNonNull(b.stateReason, "stateReason");
    }

    /**
     * Returns the CFS id.
     *
     * @return id
     */
    public String id() {
        return id;
    }

    /**
     * Returns where the bottleneck comes from.
     *
     * @return kind
     */
    public CfsKind kind() {
        return kind;
    }

    /**
     * Returns the port by which the CFS's traffic leaves toward the bottleneck.
     *
     * @return egress connect point, empty for {@link CfsKind#DESTINATION}
     */
    public Optional<String> egress() {
        return Optional.ofNullable(egress);
    }

    /**
     * Returns the far end when the bottleneck is a link; with {@link #egress()} it names the
     * link a topology view labels.
     *
     * @return link destination, empty for an egress port alone
     */
    public Optional<String> linkDst() {
        return Optional.ofNullable(linkDst);
    }

    /**
     * Returns the bottleneck's capacity.
     *
     * @return capacity in bit/s, 0 when unknown
     */
    public long capacityBps() {
        return capacityBps;
    }

    /**
     * Returns the TCP flows of the set.
     *
     * @return 5-tuples
     */
    public Set<FiveTuple> tcpFlows() {
        return tcpFlows;
    }

    /**
     * Returns the UDP flows of the set.
     *
     * @return 5-tuples
     */
    public Set<FiveTuple> udpFlows() {
        return udpFlows;
    }

    /**
     * Returns how many TCP flows the set's light TCP counts as: TCP below the join rate (starved behind a
     * flood, or seen only in a sampled facility's aggregates and samples) that FUDPA counts in n, beside
     * {@link #tcpFlows()}.
     *
     * @return flows, 0 when it counts none
     */
    public int lightTcpFlows() {
        return lightTcpFlows;
    }

    /**
     * Returns which evidence counted the set's TCP: flows by their rules (and how many of them starved), and
     * light TCP by its connections' rules, the aggregates' counters or samples.
     *
     * @return one line, "" when the set counts no TCP
     */
    public String tcpEvidence() {
        return tcpEvidence;
    }

    /**
     * Returns how many of the set's UDP flows passed their responsiveness test: FUDPA counts them with the
     * set's TCP (n and W) and never limits them (docs/algorithm.md, "Responsive UDP").
     *
     * @return flows among {@link #udpFlows()}
     */
    public int responsiveUdpFlows() {
        return responsiveUdpFlows;
    }

    /**
     * Returns the TCP aggregate measured in the last period, W(f_T) of Eq. (1).
     *
     * @return rate in bit/s
     */
    public long tcpThroughputBps() {
        return tcpThroughputBps;
    }

    /**
     * Returns the UDP aggregate after the adjustors in the last period.
     *
     * @return rate in bit/s
     */
    public long udpThroughputBps() {
        return udpThroughputBps;
    }

    /**
     * Returns the UDP aggregate offered to the adjustors in the last period.
     *
     * @return rate in bit/s
     */
    public long udpDemandBps() {
        return udpDemandBps;
    }

    /**
     * Returns the bottleneck's utilization in the last period.
     *
     * @return delivered TCP plus UDP over capacity, NaN when the capacity is unknown
     */
    public double utilization() {
        return capacityBps <= 0 ? Double.NaN
                : (double) (tcpThroughputBps + udpThroughputBps) / capacityBps;
    }

    /**
     * Returns Jain's fairness index over the set's flows' throughputs (paper, Eq. (4)).
     *
     * @return index in (0, 1], NaN when no flow had a rate
     */
    public double jainIndex() {
        return jainIndex;
    }

    /**
     * Returns how many principals the set's measured unresponsive UDP flows belong to (docs/algorithm.md,
     * "Principals"): the units FUDPA shares the set among, beside its TCP flows.
     *
     * @return count, 0 without unresponsive UDP measured
     */
    public int udpPrincipals() {
        return udpPrincipals;
    }

    /**
     * Returns the heaviest of the set's UDP principals in the last period.
     *
     * @return at most three, heaviest first
     */
    public List<PrincipalShare> topPrincipals() {
        return topPrincipals;
    }

    /**
     * Returns the set's TCP floor: what its TCP flows (and the UDP flows counted with them) keep at least,
     * however many principals its UDP counts.
     *
     * @return bit/s, 0 without a floor
     */
    public long tcpFloorBps() {
        return tcpFloorBps;
    }

    /**
     * Returns how many units the set's UDP has: UDP FUDP does not learn flow by flow, counted and limited as one
     * flow per aggregate rule (docs/algorithm.md, "What is not learned").
     *
     * @return units
     */
    public int units() {
        return units;
    }

    /**
     * Returns what the set's units offered in the last period.
     *
     * @return bit/s
     */
    public long unitsBps() {
        return unitsBps;
    }

    /**
     * Returns what the meters on the units' rules hold them to together, by the switch's word.
     *
     * @return bit/s, 0 when no unit is metered
     */
    public long unitsLimitBps() {
        return unitsLimitBps;
    }

    /**
     * Returns the control state.
     *
     * @return state
     */
    public CfsState state() {
        return state;
    }

    /**
     * Returns why the set is in its state when that is not plain: what keeps its limits from being in
     * force, which agent is missing.
     *
     * @return one sentence, "" when there is nothing to add
     */
    public String stateReason() {
        return stateReason;
    }

    /**
     * Returns a builder holding this set's values.
     *
     * @return builder
     */
    public Builder toBuilder() {
        return builder(id, kind).egress(egress, linkDst).capacityBps(capacityBps)
                .flows(tcpFlows, udpFlows).lightTcp(lightTcpFlows, tcpEvidence).responsiveUdp(responsiveUdpFlows)
                .principals(udpPrincipals, topPrincipals, tcpFloorBps).units(units, unitsBps, unitsLimitBps)
                .totals(tcpThroughputBps, udpThroughputBps, udpDemandBps, jainIndex).state(state, stateReason);
    }

    /**
     * Returns a new builder.
     *
     * @param id CFS id
     * @param kind where the bottleneck comes from
     * @return builder
     */
    public static Builder builder(String id, CfsKind kind) {
        Builder b = new Builder();
        b.id = id;
        b.kind = kind;
        return b;
    }

    /**
     * Tells whether another view differs in what a viewer would call a change: members,
     * bottleneck or state (not rates, which change every period).
     *
     * @param other another view of the same set, may be null
     * @return true if members, bottleneck or state differ
     */
    public boolean differsInShape(CorrelationFlowSet other) {
        return other == null || !id.equals(other.id) || kind != other.kind
                || !Objects.equals(egress, other.egress) || !Objects.equals(linkDst, other.linkDst)
                || capacityBps != other.capacityBps || !tcpFlows.equals(other.tcpFlows)
                || !udpFlows.equals(other.udpFlows) || lightTcpFlows != other.lightTcpFlows
                || !tcpEvidence.equals(other.tcpEvidence) || responsiveUdpFlows != other.responsiveUdpFlows
                || udpPrincipals != other.udpPrincipals || units != other.units
                || (unitsLimitBps > 0) != (other.unitsLimitBps > 0) || state != other.state
                || !stateReason.equals(other.stateReason);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CorrelationFlowSet)) {
            return false;
        }
        CorrelationFlowSet that = (CorrelationFlowSet) o;
        return !differsInShape(that) && tcpThroughputBps == that.tcpThroughputBps
                && udpThroughputBps == that.udpThroughputBps && udpDemandBps == that.udpDemandBps
                && Double.compare(jainIndex, that.jainIndex) == 0 && topPrincipals.equals(that.topPrincipals)
                && tcpFloorBps == that.tcpFloorBps && unitsBps == that.unitsBps && unitsLimitBps == that.unitsLimitBps;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, egress, linkDst, capacityBps, tcpFlows, udpFlows, lightTcpFlows, tcpEvidence,
                responsiveUdpFlows, tcpThroughputBps, udpThroughputBps, udpDemandBps, jainIndex, udpPrincipals,
                topPrincipals, tcpFloorBps, units, unitsBps, unitsLimitBps, state, stateReason);
    }

    @Override
    public String toString() {
        return id + " " + state + ": " + tcpFlows.size() + " TCP" + (lightTcpFlows > 0 ? " + " + lightTcpFlows
                + " light" : "") + ", " + udpFlows.size() + " UDP" + (responsiveUdpFlows > 0 ? " (" + responsiveUdpFlows
                + " responsive)" : "");
    }

    /**
     * Builds {@link CorrelationFlowSet}s.
     */
    public static final class Builder {
        private String id;
        private CfsKind kind;
        private String egress;
        private String linkDst;
        private long capacityBps;
        private Set<FiveTuple> tcpFlows = Set.of();
        private Set<FiveTuple> udpFlows = Set.of();
        private long tcpThroughputBps;
        private long udpThroughputBps;
        private long udpDemandBps;
        private int lightTcpFlows;
        private String tcpEvidence = "";
        private int responsiveUdpFlows;
        private double jainIndex = Double.NaN;
        private int udpPrincipals;
        private List<PrincipalShare> topPrincipals = List.of();
        private long tcpFloorBps;
        private int units;
        private long unitsBps;
        private long unitsLimitBps;
        private CfsState state = CfsState.NO_UDP;
        private String stateReason = "";

        private Builder() {
        }

        /**
         * Sets the bottleneck's place.
         *
         * @param egressPoint egress connect point, may be null
         * @param dst link far end, may be null
         * @return this builder
         */
        public Builder egress(String egressPoint, String dst) {
            this.egress = egressPoint;
            this.linkDst = dst;
            return this;
        }

        /**
         * Sets the capacity.
         *
         * @param bps capacity in bit/s, 0 when unknown
         * @return this builder
         */
        public Builder capacityBps(long bps) {
            this.capacityBps = bps;
            return this;
        }

        /**
         * Sets the members.
         *
         * @param tcp TCP flows
         * @param udp UDP flows
         * @return this builder
         */
        public Builder flows(Set<FiveTuple> tcp, Set<FiveTuple> udp) {
            this.tcpFlows = tcp;
            this.udpFlows = udp;
            return this;
        }

        /**
         * Sets the set's light TCP and the evidence its TCP was counted by.
         *
         * @param flows how many TCP flows its light TCP counts as
         * @param evidence which evidence counted its TCP, "" if none
         * @return this builder
         */
        public Builder lightTcp(int flows, String evidence) {
            this.lightTcpFlows = flows;
            this.tcpEvidence = evidence;
            return this;
        }

        /**
         * Sets how many of the set's UDP flows passed their responsiveness test.
         *
         * @param flows how many
         * @return this builder
         */
        public Builder responsiveUdp(int flows) {
            this.responsiveUdpFlows = flows;
            return this;
        }

        /**
         * Sets the set's UDP principals and TCP floor.
         *
         * @param count how many principals its measured unresponsive UDP flows belong to
         * @param top the heaviest, heaviest first
         * @param floorBps its TCP floor in bit/s, 0 for none
         * @return this builder
         */
        public Builder principals(int count, List<PrincipalShare> top, long floorBps) {
            this.udpPrincipals = count;
            this.topPrincipals = top;
            this.tcpFloorBps = floorBps;
            return this;
        }

        /**
         * Sets the set's units.
         *
         * @param count how many
         * @param bps what they offered, bit/s
         * @param limitBps what their meters hold them to together, bit/s, 0 for none
         * @return this builder
         */
        public Builder units(int count, long bps, long limitBps) {
            this.units = count;
            this.unitsBps = bps;
            this.unitsLimitBps = limitBps;
            return this;
        }

        /**
         * Sets the period's totals.
         *
         * @param tcp TCP throughput in bit/s
         * @param udp UDP throughput in bit/s
         * @param udpDemand UDP demand in bit/s
         * @param jain Jain's index, NaN when unknown
         * @return this builder
         */
        public Builder totals(long tcp, long udp, long udpDemand, double jain) {
            this.tcpThroughputBps = tcp;
            this.udpThroughputBps = udp;
            this.udpDemandBps = udpDemand;
            this.jainIndex = jain;
            return this;
        }

        /**
         * Sets the control state.
         *
         * @param s state
         * @return this builder
         */
        public Builder state(CfsState s) {
            return state(s, "");
        }

        /**
         * Sets the control state and why.
         *
         * @param s state
         * @param reason why, "" when there is nothing to add
         * @return this builder
         */
        public Builder state(CfsState s, String reason) {
            this.state = s;
            this.stateReason = reason;
            return this;
        }

        /**
         * Builds the view.
         *
         * @return CFS view
         */
        public CorrelationFlowSet build() {
            return new CorrelationFlowSet(this);
        }
    }
}
