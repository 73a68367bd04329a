// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.protocol.FiveTuple;

/**
 * Writes the loop's decision records as {@code controller-periods.csv}, one row per CFS and period,
 * in the columns the lab's analysis reads ({@code lab/py/fudp.py}, {@code read_controller_csv}).
 */
final class PeriodCsv {

    static final String HEADER = "epoch_ms,set,period,reason,fair,in_band,tcp_flows,udp_flows,tcp_mbps,"
            + "tcp_pred_mbps,dev_mbps,band_low_mbps,band_high_mbps,udp_avg_mbps,allocations,packet_outs,state";

    private final PrintWriter out;

    PeriodCsv(PrintWriter out) {
        this.out = out;
        out.println(HEADER);
        out.flush();
    }

    /**
     * Writes one decision.
     *
     * @param r the record
     * @param packetOuts control frames sent so far, for the analysis's churn figures
     * @param state the set's state as the loop published it with this decision ({@code CfsState}: FAIR,
     *              ADJUSTING, NOT_ENFORCED, NO_AGENT, NO_UDP), "" if it published none
     */
    void write(DecisionRecord r, long packetOuts, String state) {
        // Records carry 0 where the algorithm had no value; the plots leave such gaps blank. There is
        // no band without a measured TCP flow, and no UDP average without a measured UDP flow.
        double low = r.tcpCount() > 0 ? r.bandLowBps() : Double.NaN;
        double high = r.tcpCount() > 0 ? r.bandHighBps() : Double.NaN;
        double udp = r.udpCount() > 0 ? r.udpAverageBps() : Double.NaN;
        out.printf(Locale.ROOT, "%d,%s,%d,%s,%b,%b,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s,%d,%s%n", r.timeMs(),
                setName(r.cfsId()), r.period(), reasonName(r), !r.reallocated(), r.inBand(), r.tcpCount(),
                r.udpCount(), mbps(r.measuredTcpBps()), mbps(r.predictedTcpBps()), mbps(r.deviationBps()),
                mbps(low), mbps(high), mbps(udp), allocations(r.allocations()), packetOuts, state);
        out.flush();
    }

    /**
     * Returns the scenario's name of a CFS: the analysis matches rows to the scenario's sets by it.
     *
     * @param cfsId e.g. {@code bottleneck:set1}
     * @return e.g. {@code set1}
     */
    static String setName(String cfsId) {
        return cfsId.startsWith(BottleneckTable.CFS_PREFIX) ? cfsId.substring(BottleneckTable.CFS_PREFIX.length())
                : cfsId;
    }

    /**
     * Returns the reason's name; the record's text is "REASON: explanation".
     *
     * @param r the record
     * @return e.g. {@code ABOVE_BAND}
     */
    static String reasonName(DecisionRecord r) {
        int colon = r.reason().indexOf(':');
        return colon < 0 ? r.reason() : r.reason().substring(0, colon);
    }

    private static double mbps(double bps) {
        return bps / 1e6;
    }

    private static String allocations(Map<FiveTuple, Long> a) {
        StringBuilder s = new StringBuilder();
        a.forEach((flow, bps) -> s.append(s.length() > 0 ? ";" : "").append(flow).append('=')
                .append(String.format(Locale.ROOT, "%.3f", mbps(bps))));
        return s.toString();
    }
}
