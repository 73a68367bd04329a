// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.commands;

import java.util.Objects;

/**
 * One meter the loop wants on a facility switch: a single DROP band at a flow's limit, its burst
 * from the burst policy. The key is the loop's; hosts map it to the switch's meter id. A meter's
 * rate never changes: a new limit is a new meter (ONOS 2.7 cannot modify one).
 */
public final class MeterSpec {

    private final String facilityId;
    private final long key;
    private final long rateBps;
    private final long burstBytes;

    /**
     * Creates a meter.
     *
     * @param facilityId the switch
     * @param key the loop's key, &gt; 0
     * @param rateBps the band's rate, bit/s
     * @param burstBytes the band's burst, bytes
     */
    public MeterSpec(String facilityId, long key, long rateBps, long burstBytes) {
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        if (key <= 0) {
            throw new IllegalArgumentException("meter key: must be > 0, was " + key);
        }
        this.key = key;
        this.rateBps = rateBps;
        this.burstBytes = burstBytes;
    }

    public String facilityId() {
        return facilityId;
    }

    public long key() {
        return key;
    }

    public long rateBps() {
        return rateBps;
    }

    public long burstBytes() {
        return burstBytes;
    }

    /**
     * Returns the band's rate as OpenFlow meters in OFPMF_KBPS mode take it (ONOS's KB_PER_SEC).
     *
     * @return kbit/s, at least 1
     */
    public long rateKbps() {
        return rateKbps(rateBps);
    }

    /**
     * Returns a rate as OpenFlow meters in OFPMF_KBPS mode take it (ONOS's KB_PER_SEC).
     *
     * @param rateBps bit/s
     * @return kbit/s, at least 1
     */
    public static long rateKbps(long rateBps) {
        return Math.max(1, Math.round(rateBps / 1000.0));
    }

    /**
     * Returns the band's burst as OpenFlow takes it for a kbit/s meter.
     *
     * @return kbit, at least 1
     */
    public long burstKbit() {
        return burstKbit(burstBytes);
    }

    /**
     * Returns a burst as OpenFlow takes it for a kbit/s meter.
     *
     * @param burstBytes bytes
     * @return kbit, at least 1
     */
    public static long burstKbit(long burstBytes) {
        return Math.max(1, Math.round(burstBytes * 8 / 1000.0));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MeterSpec)) {
            return false;
        }
        MeterSpec m = (MeterSpec) o;
        return key == m.key && rateBps == m.rateBps && burstBytes == m.burstBytes && facilityId.equals(m.facilityId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(facilityId, key, rateBps, burstBytes);
    }

    @Override
    public String toString() {
        return "meter " + key + " at " + facilityId + ": " + rateBps + " bit/s, burst " + burstBytes + " B";
    }
}
