package org.fudp.algorithm;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Remembers each member flow's last usable sample for one period, so that a sample missing this
 * period can be replaced by the last one for up to {@code maxMissingPeriods} periods, and tells
 * whether the membership changed since the previous period.
 *
 * <p>Flows are kept in the caller's order in primitive arrays; a flow is looked up by position
 * first and by id only when the order changed, so a stable caller pays no hashing.
 */
final class SampleMemory {

    private final int maxMissingPeriods;

    private String[] prevIds = new String[0];
    private double[] prevRate = new double[0];
    private double[] prevDemand = new double[0];
    private int[] prevMissing = new int[0];
    private int prevSize;
    private Map<String, Integer> prevIndex;

    private String[] curIds = new String[0];
    private double[] curRate = new double[0];
    private double[] curDemand = new double[0];
    private int[] curMissing = new int[0];
    private int curSize;
    private boolean sameMembers;

    private double resolvedRate;
    private double resolvedDemand;

    SampleMemory(int maxMissingPeriods) {
        this.maxMissingPeriods = maxMissingPeriods;
    }

    /**
     * Starts a period of {@code size} samples.
     *
     * @param size number of member flows this period
     */
    void begin(int size) {
        if (curIds.length < size) {
            int cap = Math.max(size, curIds.length * 2);
            curIds = new String[cap];
            curRate = new double[cap];
            curDemand = new double[cap];
            curMissing = new int[cap];
        }
        curSize = size;
        sameMembers = size == prevSize;
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
        String id = sample.flowId();
        curIds[i] = id;
        boolean samePosition = i < prevSize && id.equals(prevIds[i]);
        sameMembers &= samePosition;
        if (sample.hasRate()) {
            resolvedRate = sample.rateBps();
            resolvedDemand = sample.demandBps();
            curMissing[i] = 0;
        } else {
            int j = samePosition ? i : previousIndexOf(id);
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

    private int previousIndexOf(String id) {
        if (prevIndex == null) {
            prevIndex = new HashMap<>(prevSize * 2);
            for (int k = 0; k < prevSize; k++) {
                prevIndex.put(prevIds[k], k);
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
     * Ends the period: this period becomes the previous one.
     *
     * @return true if the members are the same flows in the same order as the previous period
     */
    boolean end() {
        String[] ids = prevIds;
        double[] rate = prevRate;
        double[] demand = prevDemand;
        int[] missing = prevMissing;
        prevIds = curIds;
        prevRate = curRate;
        prevDemand = curDemand;
        prevMissing = curMissing;
        prevSize = curSize;
        curIds = ids;
        curRate = rate;
        curDemand = demand;
        curMissing = missing;
        // Drop references to flows that left, so their ids can be collected.
        Arrays.fill(curIds, null);
        prevIndex = null;
        return sameMembers;
    }
}
