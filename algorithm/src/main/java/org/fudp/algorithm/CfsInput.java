// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One period's input for one correlation flow set (CFS): its id, the bottleneck capacity when
 * known, and a sample for every flow that is a member of the CFS this period.
 *
 * <p>A flow absent from the samples has left the CFS; a member that was not measured is given
 * as {@link FlowSample#missing}. Flow ids must be unique within a CFS: the controller does not
 * check this on its hot path.
 */
public final class CfsInput {

    private final String cfsId;
    private final double capacityBps;
    private final List<FlowSample> samples;
    private final int departedTcpFlows;
    private final double departedTcpBps;

    private CfsInput(String cfsId, double capacityBps, List<FlowSample> samples) {
        this(cfsId, capacityBps, samples, 0, 0);
    }

    private CfsInput(String cfsId, double capacityBps, List<FlowSample> samples, int departedTcpFlows,
                     double departedTcpBps) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        if (!Double.isNaN(capacityBps) && !(capacityBps > 0 && capacityBps < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("CFS '" + cfsId
                    + "' capacityBps: must be a finite number > 0 (or NaN for unknown), was " + capacityBps);
        }
        this.capacityBps = capacityBps;
        this.samples = List.copyOf(samples);
        if (departedTcpFlows < 0) {
            throw new IllegalArgumentException("CFS '" + cfsId + "' departedTcpFlows: must be >= 0, was "
                    + departedTcpFlows);
        }
        if (!(departedTcpBps >= 0 && departedTcpBps < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("CFS '" + cfsId
                    + "' departedTcpBps: must be a finite number >= 0, was " + departedTcpBps);
        }
        this.departedTcpFlows = departedTcpFlows;
        this.departedTcpBps = departedTcpBps;
    }

    /**
     * Returns this input with the TCP flows that left the CFS during the period (ended, idle or
     * closed) and what they carried in it. Their share passes to the remaining TCP flows, which
     * take it over within a period or two; so the TCP aggregate W(f_T) counts what they carried,
     * and does not fall below the last prediction, while n counts only the flows that remain.
     * Otherwise the prediction would dip for a period and the UDP flows would be raised in two
     * steps instead of one.
     *
     * @param flows how many TCP flows left
     * @param bps what they carried this period, bit/s
     * @return the input
     * @throws IllegalArgumentException if either is negative, or bps not finite
     */
    public CfsInput withTcpDepartures(int flows, double bps) {
        return flows == departedTcpFlows && bps == departedTcpBps ? this
                : new CfsInput(cfsId, capacityBps, samples, flows, bps);
    }

    /**
     * Returns how many TCP flows left the CFS during the period.
     *
     * @return flows, 0 when none left
     */
    public int departedTcpFlows() {
        return departedTcpFlows;
    }

    /**
     * Returns what the TCP flows that left the CFS during the period carried in it.
     *
     * @return bit/s, 0 when none left
     */
    public double departedTcpBps() {
        return departedTcpBps;
    }

    public static CfsInput of(String cfsId, List<FlowSample> samples) {
        return new CfsInput(cfsId, Double.NaN, samples);
    }

    /**
     * Returns an input with a known bottleneck capacity, which caps the available bandwidth BW.
     *
     * @param cfsId CFS id
     * @param capacityBps bottleneck capacity in bit/s, or NaN when unknown
     * @param samples one sample per member flow
     * @return the input
     * @throws IllegalArgumentException if the capacity is not positive and finite
     */
    public static CfsInput of(String cfsId, double capacityBps, List<FlowSample> samples) {
        return new CfsInput(cfsId, capacityBps, samples);
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
     * Returns the bottleneck capacity, if known.
     *
     * @return capacity in bit/s
     */
    public OptionalDouble capacityBps() {
        return Double.isNaN(capacityBps) ? OptionalDouble.empty() : OptionalDouble.of(capacityBps);
    }

    /**
     * Returns the capacity as a primitive, for the hot path.
     *
     * @return capacity in bit/s, NaN when unknown
     */
    double capacityOrNaN() {
        return capacityBps;
    }

    /**
     * Returns the samples in the caller's order.
     *
     * @return immutable list of samples
     */
    public List<FlowSample> samples() {
        return samples;
    }

    @Override
    public String toString() {
        return "CFS " + cfsId + (Double.isNaN(capacityBps) ? "" : " capacity=" + capacityBps)
                + (departedTcpFlows > 0 ? " departedTcp=" + departedTcpFlows + "/" + departedTcpBps : "")
                + " " + samples;
    }
}
