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

    private CfsInput(String cfsId, double capacityBps, List<FlowSample> samples) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        if (!Double.isNaN(capacityBps) && !(capacityBps > 0 && capacityBps < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("CFS '" + cfsId
                    + "' capacityBps: must be a finite number > 0 (or NaN for unknown), was " + capacityBps);
        }
        this.capacityBps = capacityBps;
        this.samples = List.copyOf(samples);
    }

    /**
     * Returns an input whose bottleneck capacity is unknown.
     *
     * @param cfsId CFS id
     * @param samples one sample per member flow
     * @return the input
     */
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
        return "CFS " + cfsId + (Double.isNaN(capacityBps) ? "" : " capacity=" + capacityBps) + " " + samples;
    }
}
