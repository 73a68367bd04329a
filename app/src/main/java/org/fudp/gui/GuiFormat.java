// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.onosproject.net.ConnectPoint;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.facilities.FacilityState;

import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns rates, ratios and states into the short text the GUI shows, so the overlay, the view
 * and the details panel agree on units and wording.
 */
final class GuiFormat {

    /** Shown for a value that was not measured. */
    static final String NOT_AVAILABLE = "n/a";

    private static final Pattern HOST_POINT = Pattern.compile("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}/[^/]+/[0-9]+");

    private static final double KILO = 1e3;
    private static final double MEGA = 1e6;
    private static final double GIGA = 1e9;

    private GuiFormat() {
    }

    /**
     * Says why a flow has its limit, with its traffic class: the page's {@code why} in fudpPage.js
     * words it the same way.
     *
     * @param className the class, empty for none
     * @param reason the flow's rate reason
     * @return e.g. "video: weight 2: 2 TCP shares", or the reason alone without a class
     */
    static String why(String className, String reason) {
        return className.isEmpty() ? reason : className + ": " + reason;
    }

    /**
     * Says how many of a set's UDP flows passed their responsiveness test: fudpPage.js words it the same way.
     *
     * @param cfs the set
     * @return e.g. "1 of 3 UDP flows, counted with the TCP"; "" when none passed
     */
    static String responsiveUdp(CorrelationFlowSet cfs) {
        return cfs.responsiveUdpFlows() == 0 ? "" : cfs.responsiveUdpFlows() + " of " + cfs.udpFlows().size()
                + " UDP flows, counted with the TCP";
    }

    /**
     * Says how many principals a set's unresponsive UDP counts for and which are the heaviest: fudpPage.js words
     * it the same way.
     *
     * @param cfs the set
     * @return e.g. "1: 10.0.0.2 (400 flows, 3.3 Mb/s)"; "" when none was measured
     */
    static String units(CorrelationFlowSet cfs) {
        if (cfs.units() == 0) {
            return "";
        }
        return cfs.units() + (cfs.units() == 1 ? " aggregate rule" : " aggregate rules") + " offering "
                + rate(cfs.unitsBps()) + ", " + (cfs.unitsLimitBps() > 0 ? "metered to " + rate(cfs.unitsLimitBps())
                : "no meter in force");
    }

    static String principals(CorrelationFlowSet cfs) {
        if (cfs.udpPrincipals() == 0) {
            return "";
        }
        StringBuilder s = new StringBuilder().append(cfs.udpPrincipals()).append(':');
        String sep = " ";
        for (PrincipalShare p : cfs.topPrincipals()) {
            s.append(sep).append(p.principal()).append(" (").append(p.flows()).append(p.flows() == 1 ? " flow, "
                    : " flows, ").append(rate(p.bps())).append(')');
            sep = ", ";
        }
        return s.toString();
    }

    /**
     * Formats a bit rate with a decimal prefix, as operators read link speeds.
     *
     * @param bps rate in bit/s
     * @return e.g. "12.5 Mb/s"
     */
    static String rate(long bps) {
        if (bps < KILO) {
            return bps + " b/s";
        }
        if (bps < MEGA) {
            return String.format(Locale.ROOT, "%.1f kb/s", bps / KILO);
        }
        if (bps < GIGA) {
            return String.format(Locale.ROOT, "%.1f Mb/s", bps / MEGA);
        }
        return String.format(Locale.ROOT, "%.2f Gb/s", bps / GIGA);
    }

    /**
     * Formats a ratio as a whole percentage.
     *
     * @param ratio ratio, NaN when unknown
     * @return e.g. "87%", or n/a
     */
    static String percent(double ratio) {
        return Double.isNaN(ratio) ? NOT_AVAILABLE : String.format(Locale.ROOT, "%.0f%%", ratio * 100);
    }

    /**
     * Formats Jain's index with two decimals (paper, Eq. (4)).
     *
     * @param jain index in (0, 1], NaN when unknown
     * @return e.g. "0.98", or n/a
     */
    static String jain(double jain) {
        return Double.isNaN(jain) ? NOT_AVAILABLE : String.format(Locale.ROOT, "%.2f", jain);
    }

    /**
     * Returns the word the GUI uses for a control state; fudpPage.js's {@code stateWords} are the same.
     *
     * @param state state
     * @return "fair", "adjusting", "not enforced", "no agent" or "no UDP"
     */
    static String state(CfsState state) {
        switch (state) {
            case FAIR:
                return "fair";
            case ADJUSTING:
                return "adjusting";
            case NOT_ENFORCED:
                return "not enforced";
            case NO_AGENT:
                return "no agent";
            case NO_UDP:
                return "no UDP";
            default:
                return state.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * Formats an epoch-milliseconds time as the page and the CLI do: UTC, ISO-8601.
     *
     * @param ms epoch milliseconds, 0 for never
     * @return e.g. "2023-11-14T22:13:20Z", or "never"
     */
    static String time(long ms) {
        return ms <= 0 ? "never" : Instant.ofEpochMilli(ms).toString();
    }

    /**
     * Says which controller instance is in charge of a facility (the page shows the same three figures
     * in columns of their own).
     *
     * @param f the facility's view
     * @return e.g. "onos-1 since 2023-11-14T22:13:20Z, epoch 1699999999000", or "unknown"
     */
    static String controller(FacilityState f) {
        return f.controller().isEmpty() ? "unknown"
                : f.controller() + " since " + time(f.controllingSinceMs()) + ", epoch " + f.epoch();
    }

    /**
     * Says what FUDP's rules cost a facility's switch against its budget.
     *
     * @param f the facility's view
     * @return e.g. "14 of 14 in use (budget 1000)", "31 of 900 in use, 4 aggregates (budget 900)" when sampled
     */
    static String rules(FacilityState f) {
        return f.rulesInUse() + " of " + f.ruleCap() + " in use"
                + (f.budget().sampled() ? ", " + f.aggregates() + " aggregates" : "") + " (budget " + f.budget().rules()
                + ")";
    }

    /**
     * Says how many rules the facility's switch refused, and the last refusal.
     *
     * @param f the facility's view
     * @return e.g. "1: the switch refused the flow-mod (...)", or "none"
     */
    static String refusals(FacilityState f) {
        return f.refusals() == 0 ? "none" : f.refusals() + (f.lastRefusal().isEmpty() ? "" : ": " + f.lastRefusal());
    }

    /**
     * Returns the CSS suffix of a control state; the overlay's and the view's style sheets
     * colour {@code fudp-<suffix>}.
     *
     * @param state state
     * @return "fair", "adjusting", "notenforced", "noagent" or "noudp"
     */
    static String stateCss(CfsState state) {
        return state.name().toLowerCase(Locale.ROOT).replace("_", "");
    }

    /**
     * Reads a CFS's bottleneck end back into a connect point: a device port, or the host end of a
     * path's last link ("00:00:00:00:00:04/None/0").
     *
     * @param text ELEMENT/PORT as the loop has it
     * @return the connect point
     */
    static ConnectPoint connectPoint(String text) {
        return HOST_POINT.matcher(text).matches() ? ConnectPoint.hostConnectPoint(text)
                : ConnectPoint.deviceConnectPoint(text);
    }
}
