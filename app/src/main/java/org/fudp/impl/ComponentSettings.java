// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.algorithm.FudpaConfig;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.util.Tools;
import org.onosproject.net.packet.PacketPriority;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoublePredicate;

import static org.fudp.impl.OsgiPropertyConstants.*;

/**
 * The app's component properties, read strictly: a value that is not valid is logged with its
 * name and the range expected, and the previous value stays in force.
 */
final class ComponentSettings {

    /** A sender id in control frames: "FUDP" and instance 1. */
    static final long SENDER_ID = 0x4655_4450_0000_0001L;

    private static final long MIN_PERIOD_MS = 100;
    /**
     * The longest interval between two tests of a flow, in seconds: it bounds how long a flow that stopped
     * responding keeps its status (docs/algorithm.md, "Responsive UDP").
     */
    private static final long MAX_RECHECK_S = 3600;
    private static final Set<Integer> RESERVED_ETHER_TYPES = Set.of(0x0800, 0x86dd, 0x0806, 0x8100, 0x88a8, 0x88cc,
            0x8942);

    final LoopSettings loop;
    final PacketPriority puntPriority;
    final int historyLength;
    final SflowSettings sflow;
    final String keyFile;
    /** Deactivating the app hands the facilities over (rules, limits, checkpoints stay) instead of clearing them. */
    final boolean handOverOnDeactivate;

    private ComponentSettings(LoopSettings loop, PacketPriority puntPriority, int historyLength, SflowSettings sflow,
                              String keyFile, boolean handOverOnDeactivate) {
        this.sflow = sflow;
        this.loop = loop;
        this.puntPriority = puntPriority;
        this.historyLength = historyLength;
        this.keyFile = keyFile;
        this.handOverOnDeactivate = handOverOnDeactivate;
    }

    /**
     * Returns the defaults (OsgiPropertyConstants). ONOS 2.7 cannot match TCP flags, so there
     * are no closing rules.
     *
     * @return settings
     */
    static ComponentSettings defaults() {
        return defaults(SENDER_ID);
    }

    /**
     * Returns the defaults with this instance's sender id.
     *
     * @param senderId the id
     * @return settings
     */
    static ComponentSettings defaults(long senderId) {
        LoopSettings loop = LoopSettings.builder().periodMs(CONTROL_PERIOD_MS_DEFAULT)
                .fudpa(FudpaConfig.defaults().toBuilder().alpha(ALPHA_DEFAULT).beta(BETA_DEFAULT)
                        .tcpFloorPrincipals(TCP_FLOOR_PRINCIPALS_DEFAULT).build())
                .principal(PrincipalRule.parse(UDP_PRINCIPAL_DEFAULT))
                .flowIdleTimeoutS(FLOW_IDLE_TIMEOUT_DEFAULT).flowPriority(FLOW_PRIORITY_DEFAULT)
                .enabled(ENABLED_DEFAULT).dryRun(DRY_RUN_DEFAULT)
                .controlEtherType(Integer.decode(CONTROL_ETHER_TYPE_DEFAULT))
                .heartbeatTimeoutMs(HEARTBEAT_TIMEOUT_MS_DEFAULT).heartbeatIntervalMs(HEARTBEAT_INTERVAL_MS_DEFAULT)
                .ackTimeoutMs(ACK_TIMEOUT_MS_DEFAULT).closingRules(false).senderId(senderId)
                .responsive(ResponsiveTest.defaults()
                        .withCandidates(ResponsiveTest.Candidates.parse(RESPONSIVE_CANDIDATES_DEFAULT))
                        .withHold(RESPONSIVE_HOLD_FRACTION_DEFAULT, RESPONSIVE_HOLD_PERIODS_DEFAULT)
                        .withReleasePeriods(RESPONSIVE_RELEASE_PERIODS_DEFAULT)
                        .withRecheckMs(RESPONSIVE_RECHECK_SECONDS_DEFAULT * 1000L)).build();
        return new ComponentSettings(loop, PacketPriority.valueOf(PUNT_PRIORITY_DEFAULT), HISTORY_LENGTH_DEFAULT,
                new SflowSettings(SFLOW_PORT_DEFAULT, null, List.of()), KEY_FILE_DEFAULT,
                HAND_OVER_ON_DEACTIVATE_DEFAULT);
    }

    /**
     * Returns an ONOS instance's sender id: "FUDP" in the high half, a hash of its node id in the
     * low half. An adjustor tells its controllers apart by sender id, so two instances must not
     * share one (the controller that takes a facility over is then a different sender).
     *
     * @param nodeId the instance's cluster node id
     * @return the sender id
     */
    static long senderId(String nodeId) {
        return (SENDER_ID & 0xffff_ffff_0000_0000L) | (nodeId.hashCode() & 0xffff_ffffL);
    }

    /**
     * Reads the properties over these settings.
     *
     * @param p the component's properties, null for none
     * @param log where refused values are reported
     * @return the new settings; every property absent or refused keeps its current value
     */
    ComponentSettings read(Dictionary<?, ?> p, Logger log) {
        if (p == null) {
            return this;
        }
        Reader r = new Reader(p, log);
        LoopSettings.Builder b = loop.toBuilder()
                .periodMs(r.integer(CONTROL_PERIOD_MS, loop.periodMs(), MIN_PERIOD_MS, 3_600_000))
                .flowIdleTimeoutS((int) r.integer(FLOW_IDLE_TIMEOUT, loop.flowIdleTimeoutS(), 1, 65535))
                .flowPriority((int) r.integer(FLOW_PRIORITY, loop.flowPriority(), 1, 65534))
                .enabled(r.bool(ENABLED, loop.enabled()))
                .dryRun(r.bool(DRY_RUN, loop.dryRun()))
                .heartbeatTimeoutMs(r.integer(HEARTBEAT_TIMEOUT_MS, loop.heartbeatTimeoutMs(), 100, 3_600_000))
                .heartbeatIntervalMs(r.integer(HEARTBEAT_INTERVAL_MS, loop.heartbeatIntervalMs(), 100, 3_600_000))
                .ackTimeoutMs(r.integer(ACK_TIMEOUT_MS, loop.ackTimeoutMs(), 10, 3_600_000));
        double alpha = r.fraction(ALPHA, loop.fudpa().alpha());
        double beta = r.fraction(BETA, loop.fudpa().beta());
        try {
            b.fudpa(loop.fudpa().toBuilder().alpha(alpha).beta(beta).settle(r.bool(SETTLE, loop.fudpa().settle()))
                    .tcpFloorPrincipals((int) r.integer(TCP_FLOOR_PRINCIPALS, loop.fudpa().tcpFloorPrincipals(), 0,
                            FudpaConfig.MAX_TCP_FLOOR_PRINCIPALS))
                    .build());
        } catch (IllegalArgumentException e) {
            log.error("Invalid alpha/beta ({}, {}): {}; keeping {}, {}", alpha, beta, e.getMessage(),
                    loop.fudpa().alpha(), loop.fudpa().beta());
        }
        b.principal(r.principal(loop.principal()));
        ResponsiveTest test = loop.responsive();
        b.responsive(test.withCandidates(r.candidates(test.candidates()))
                // ResponsiveTest's range: held less than a tenth below its rate, a flow shows too little.
                .withHold(r.number(RESPONSIVE_HOLD_FRACTION, test.holdFraction(), v -> v > 0 && v <= 0.9,
                                "above 0 and at most 0.9"),
                        (int) r.integer(RESPONSIVE_HOLD_PERIODS, test.holdPeriods(), 1, 10))
                .withReleasePeriods((int) r.integer(RESPONSIVE_RELEASE_PERIODS, test.releasePeriods(), 1, 10))
                .withRecheckMs(1000 * r.integer(RESPONSIVE_RECHECK_SECONDS, test.recheckMs() / 1000, 1,
                        MAX_RECHECK_S)));
        String et = Tools.get(p, CONTROL_ETHER_TYPE);
        if (et != null) {
            Integer parsed = parseEtherType(et);
            if (parsed == null) {
                log.error("Invalid {} \"{}\": must be an EtherType 0x0600..0xffff that is not IPv4, IPv6, "
                        + "ARP, VLAN or LLDP; keeping 0x{}", CONTROL_ETHER_TYPE, et,
                        Integer.toHexString(loop.controlEtherType()));
            } else {
                b.controlEtherType(parsed);
            }
        }
        LoopSettings next = b.build();
        PacketPriority punt = r.punt(puntPriority);
        if (punt.priorityValue() >= next.flowPriority()) {
            // The per-flow rules must win over the punts, or every packet of a flow reaches ONOS.
            log.error("{} {} ({}) must be below {} {}; keeping {} {} and {} {}", PUNT_PRIORITY, punt,
                    punt.priorityValue(), FLOW_PRIORITY, next.flowPriority(), PUNT_PRIORITY, puntPriority,
                    FLOW_PRIORITY, loop.flowPriority());
            punt = puntPriority;
            next = next.toBuilder().flowPriority(loop.flowPriority()).build();
        }
        String kf = Tools.get(p, KEY_FILE);
        SflowSettings sf = new SflowSettings((int) r.integer(SFLOW_PORT, sflow.port(), 0, 65535),
                r.address(SFLOW_ADDRESS, sflow.address()), r.prefixes(SFLOW_SOURCES, sflow.sources()));
        return new ComponentSettings(next, punt, (int) r.integer(HISTORY_LENGTH, historyLength, 1, 1_000_000),
                sf, kf == null || kf.trim().isEmpty() ? keyFile : kf.trim(),
                r.bool(HAND_OVER_ON_DEACTIVATE, handOverOnDeactivate));
    }

    /**
     * Parses a control EtherType, refusing the ones the data plane needs for itself.
     *
     * @param text e.g. "0x88b5" or "34997"
     * @return the EtherType, or null if unusable
     */
    static Integer parseEtherType(String text) {
        int v;
        try {
            v = Integer.decode(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
        return v < 0x0600 || v > 0xffff || RESERVED_ETHER_TYPES.contains(v) ? null : v;
    }

    /** Reads one property at a time, logging what it refuses. */
    private static final class Reader {
        private final Dictionary<?, ?> p;
        private final Logger log;

        Reader(Dictionary<?, ?> p, Logger log) {
            this.p = p;
            this.log = log;
        }

        long integer(String name, long current, long min, long max) {
            String s = Tools.get(p, name);
            if (s == null) {
                return current;
            }
            try {
                long v = Long.parseLong(s.trim());
                if (v >= min && v <= max) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            log.error("Invalid {} \"{}\": must be an integer {}..{}; keeping {}", name, s, min, max, current);
            return current;
        }

        double fraction(String name, double current) {
            return number(name, current, v -> v > 0 && v < 1, "strictly between 0 and 1");
        }

        // A number the predicate takes; range says which those are.
        double number(String name, double current, DoublePredicate ok, String range) {
            String s = Tools.get(p, name);
            if (s == null) {
                return current;
            }
            try {
                double v = Double.parseDouble(s.trim());
                if (ok.test(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            log.error("Invalid {} \"{}\": must be a number {}; keeping {}", name, s, range, current);
            return current;
        }

        // Which UDP flows are tested for responsiveness.
        ResponsiveTest.Candidates candidates(ResponsiveTest.Candidates current) {
            String s = Tools.get(p, RESPONSIVE_CANDIDATES);
            if (s == null) {
                return current;
            }
            try {
                return ResponsiveTest.Candidates.parse(s);
            } catch (IllegalArgumentException e) {
                log.error("Invalid {} \"{}\": must be none, quic or all; keeping {}", RESPONSIVE_CANDIDATES, s,
                        current);
                return current;
            }
        }

        // Whom unresponsive UDP counts for.
        PrincipalRule principal(PrincipalRule current) {
            String s = Tools.get(p, UDP_PRINCIPAL);
            if (s == null) {
                return current;
            }
            try {
                return PrincipalRule.parse(s);
            } catch (IllegalArgumentException e) {
                log.error("Invalid {} \"{}\": {}; keeping {}", UDP_PRINCIPAL, s, e.getMessage(), current);
                return current;
            }
        }

        PacketPriority punt(PacketPriority current) {
            String s = Tools.get(p, PUNT_PRIORITY);
            if (s == null) {
                return current;
            }
            try {
                return PacketPriority.valueOf(s.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                log.error("Invalid {} \"{}\": must be one of {}; keeping {}", PUNT_PRIORITY, s,
                        Arrays.toString(PacketPriority.values()), current);
                return current;
            }
        }

        // An IP address; empty for none (every address). A host name is refused: no lookup at start-up.
        IpAddress address(String name, IpAddress current) {
            String s = Tools.get(p, name);
            if (s == null) {
                return current;
            }
            if (s.trim().isEmpty()) {
                return null;
            }
            try {
                return IpAddress.valueOf(s.trim());
            } catch (IllegalArgumentException e) {
                log.error("Invalid {} \"{}\": must be an IP address of this instance, or empty for every address;"
                        + " keeping {}", name, s, current == null ? "every address" : current);
                return current;
            }
        }

        // Comma-separated IP prefixes or addresses (an address is its /32 or /128); empty for none.
        List<IpPrefix> prefixes(String name, List<IpPrefix> current) {
            String s = Tools.get(p, name);
            if (s == null) {
                return current;
            }
            List<IpPrefix> out = new ArrayList<>();
            for (String item : s.split(",")) {
                String t = item.trim();
                if (t.isEmpty()) {
                    continue;
                }
                try {
                    out.add(t.contains("/") ? IpPrefix.valueOf(t) : host(IpAddress.valueOf(t)));
                } catch (IllegalArgumentException e) {
                    log.error("Invalid {} \"{}\": \"{}\" is not an IP address or prefix such as 192.0.2.0/24;"
                            + " keeping {}", name, s, t, current);
                    return current;
                }
            }
            return out;
        }

        private static IpPrefix host(IpAddress a) {
            return IpPrefix.valueOf(a, a.isIp4() ? IpPrefix.MAX_INET_MASK_LENGTH : IpPrefix.MAX_INET6_MASK_LENGTH);
        }

        boolean bool(String name, boolean current) {
            String s = Tools.get(p, name);
            if (s == null) {
                return current;
            }
            if ("true".equalsIgnoreCase(s.trim()) || "false".equalsIgnoreCase(s.trim())) {
                return Boolean.parseBoolean(s.trim());
            }
            log.error("Invalid {} \"{}\": must be true or false; keeping {}", name, s, current);
            return current;
        }
    }
}
