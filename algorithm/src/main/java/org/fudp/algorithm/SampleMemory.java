package org.fudp.algorithm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers each member flow's last usable sample for one period, so that a sample missing this
 * period can be replaced by the last one for up to {@code maxMissingPeriods} periods, and tells
 * whether the membership changed since the previous period.
 *
 * <p>It keeps a reference to the previous period's (immutable) sample list plus primitive arrays
 * of resolved rates in the same order, rather than copying flow ids: at a million flows, storing
 * a million references into long-lived arrays every period costs more in GC write barriers than
 * the whole algorithm. A flow is looked up by position first and by id only when the order changed.
 */
final class SampleMemory {

    private final int maxMissingPeriods;

    private List<FlowSample> prevSamples = List.of();
    private double[] prevRate = new double[0];
    private double[] prevDemand = new double[0];
    private int[] prevMissing = new int[0];
    private Map<String, Integer> prevIndex;

    private List<FlowSample> curSamples = List.of();
    private double[] curRate = new double[0];
    private double[] curDemand = new double[0];
    private int[] curMissing = new int[0];
    private int sameMembers;

    private double resolvedRate;
    private double resolvedDemand;

    SampleMemory(int maxMissingPeriods) {
        this.maxMissingPeriods = maxMissingPeriods;
    }

    /**
     * Starts a period.
     *
     * @param samples this period's samples, in the order {@link #record} will see them
     */
    void begin(List<FlowSample> samples) {
        int size = samples.size();
        if (curRate.length < size) {
            int cap = Math.max(size, curRate.length * 2);
            curRate = new double[cap];
            curDemand = new double[cap];
            curMissing = new int[cap];
        }
        curSamples = samples;
        sameMembers = -1;
        prevIndex = null;
    }

    /**
     * Records the i-th sample and resolves its rate and demand: the sample's own when measured,
     * else the flow's last usable ones if it has been missing for fewer than the allowed periods,
     * else NaN. Read the result with {@link #rate()} and {@link #demand()}.
     *
     * @param i position in this period's samples
     * @param sample the sample
     */
    void record(int i, FlowSample sample) {
        if (sample.hasRate()) {
            resolvedRate = sample.rateBps();
            resolvedDemand = sample.demandBps();
            curMissing[i] = 0;
        } else {
            int j = previousIndexOf(i, sample.flowId());
            int missedBefore = j < 0 ? 0 : prevMissing[j];
            if (j >= 0 && missedBefore < maxMissingPeriods && !Double.isNaN(prevRate[j])) {
                resolvedRate = prevRate[j];
                resolvedDemand = prevDemand[j];
            } else {
                resolvedRate = Double.NaN;
                resolvedDemand = Double.NaN;
            }
            curMissing[i] = missedBefore + 1;
        }
        curRate[i] = resolvedRate;
        curDemand[i] = resolvedDemand;
    }

    private int previousIndexOf(int i, String id) {
        if (i < prevSamples.size() && id.equals(prevSamples.get(i).flowId())) {
            return i;
        }
        if (prevIndex == null) {
            prevIndex = new HashMap<>(prevSamples.size() * 2);
            for (int k = 0; k < prevSamples.size(); k++) {
                prevIndex.put(prevSamples.get(k).flowId(), k);
            }
        }
        Integer j = prevIndex.get(id);
        return j == null ? -1 : j;
    }

    /**
     * Returns the rate resolved by the last {@link #record} call.
     *
     * @return bit/s, NaN when unusable
     */
    double rate() {
        return resolvedRate;
    }

    /**
     * Returns the demand resolved by the last {@link #record} call.
     *
     * @return bit/s, NaN when unknown
     */
    double demand() {
        return resolvedDemand;
    }

    /**
     * Tells whether this period's members are the previous period's, in the same order. Computed
     * on first use only, since a period that reallocates everything does not need it.
     *
     * @return true if the flow ids are the same, position by position
     */
    boolean sameMembers() {
        if (sameMembers < 0) {
            sameMembers = 1;
            if (curSamples != prevSamples) {
                int size = curSamples.size();
                if (size != prevSamples.size()) {
                    sameMembers = 0;
                }
                for (int i = 0; i < size && sameMembers == 1; i++) {
                    if (!curSamples.get(i).flowId().equals(prevSamples.get(i).flowId())) {
                        sameMembers = 0;
                    }
                }
            }
        }
        return sameMembers == 1;
    }

    /**
     * Ends the period: this period becomes the previous one. Call after the last use of
     * {@link #sameMembers()} for this period.
     */
    void end() {
        double[] rate = prevRate;
        double[] demand = prevDemand;
        int[] missing = prevMissing;
        prevSamples = curSamples;
        prevRate = curRate;
        prevDemand = curDemand;
        prevMissing = curMissing;
        curRate = rate;
        curDemand = demand;
        curMissing = missing;
        prevIndex = null;
    }
}
