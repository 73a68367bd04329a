// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

/**
 * Names and defaults of the FUDP component config properties ({@code cfg get
 * org.fudp.impl.FudpManager}). The descriptions {@code cfg get} shows are the javadoc of the
 * same-named fields of {@link FudpManager}.
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Control period in milliseconds; the paper uses 5 s. */
    public static final String CONTROL_PERIOD_MS = "controlPeriodMs";
    /** Default control period. */
    public static final int CONTROL_PERIOD_MS_DEFAULT = 5000;

    /** Weight of the new TCP measurement in Eq. (1), strictly between 0 and 1. */
    public static final String ALPHA = "alpha";
    /** Paper value of alpha. */
    public static final double ALPHA_DEFAULT = 0.875;

    /** Weight of the new deviation in Eq. (2), strictly between 0 and 1. */
    public static final String BETA = "beta";
    /** Paper value of beta. */
    public static final double BETA_DEFAULT = 0.25;

    /** Whether a set at its max-min allocation settles (docs/algorithm.md); false: the paper's band test. */
    public static final String SETTLE = "settle";
    /** Settling is on by default. */
    public static final boolean SETTLE_DEFAULT = true;

    /** Whom an unresponsive UDP flow's traffic counts for: flow, host, prefix/N[/M] or class (docs/algorithm.md). */
    public static final String UDP_PRINCIPAL = "udpPrincipal";
    /** Each source host one principal, as CAKE isolates per host. */
    public static final String UDP_PRINCIPAL_DEFAULT = "host";

    /** K of the TCP floor: TCP keeps what it would get beside this many UDP principals; 0 for no floor. */
    public static final String TCP_FLOOR_PRINCIPALS = "tcpFloorPrincipals";
    /** The default K (docs/algorithm.md, "Principals"). */
    public static final int TCP_FLOOR_PRINCIPALS_DEFAULT = 4;

    /** Idle timeout of the per-flow rules in seconds. */
    public static final String FLOW_IDLE_TIMEOUT = "flowIdleTimeout";
    /** Default idle timeout. */
    public static final int FLOW_IDLE_TIMEOUT_DEFAULT = 10;

    /** Priority of the per-flow rules; the rule back from the adjustor gets one more. */
    public static final String FLOW_PRIORITY = "flowPriority";
    /**
     * Default priority: above FUDP's punts (30000), intents (100), VPLS (1100, 1200) and fwd (10);
     * below ONOS's CONTROL punts (40000: ARP, LLDP, BDDP), which must still reach ONOS.
     */
    public static final int FLOW_PRIORITY_DEFAULT = 35000;

    /** Priority at which TCP and UDP are punted to FUDP at the facilities, a PacketPriority name. */
    public static final String PUNT_PRIORITY = "puntPriority";
    /**
     * Default: MEDIUM (30000), above fwd's per-MAC rules (10) and intents (100), so that a flow
     * between hosts that have pinged each other still reaches FUDP; REACTIVE (5) would lose to them.
     */
    public static final String PUNT_PRIORITY_DEFAULT = "MEDIUM";

    /** Whether the control loop computes allocations at all. */
    public static final String ENABLED = "enabled";
    /** Default: on. */
    public static final boolean ENABLED_DEFAULT = true;

    /** Whether allocations are computed and reported but never sent to the adjustors. */
    public static final String DRY_RUN = "dryRun";
    /** Default: off. */
    public static final boolean DRY_RUN_DEFAULT = false;

    /** EtherType of the control frames between controller and adjustors. */
    public static final String CONTROL_ETHER_TYPE = "controlEtherType";
    /** Default: 0x88b5, IEEE local experimental EtherType 1. */
    public static final String CONTROL_ETHER_TYPE_DEFAULT = "0x88b5";

    /** Silence after which an adjustor agent is declared down, in milliseconds. */
    public static final String HEARTBEAT_TIMEOUT_MS = "heartbeatTimeoutMs";
    /** Default heartbeat timeout: three control periods. */
    public static final int HEARTBEAT_TIMEOUT_MS_DEFAULT = 15000;

    /** Interval of controller heartbeats to an adjustor that is sent nothing else, in milliseconds. */
    public static final String HEARTBEAT_INTERVAL_MS = "heartbeatIntervalMs";
    /** Default: the agents' reference heartbeat period (their fail-safe counts ten of them). */
    public static final int HEARTBEAT_INTERVAL_MS_DEFAULT = 1000;

    /** Time after which an unacknowledged snapshot is sent again, in milliseconds. */
    public static final String ACK_TIMEOUT_MS = "ackTimeoutMs";
    /** Default acknowledgement timeout. */
    public static final int ACK_TIMEOUT_MS_DEFAULT = 2000;

    /** UDP port of this instance's sFlow collector for sampled facilities; 0 turns it off. */
    public static final String SFLOW_PORT = "sflowPort";
    /** Default: 6343, sFlow's registered port. */
    public static final int SFLOW_PORT_DEFAULT = 6343;

    /** The address the sFlow collector binds; empty for every address of the instance. */
    public static final String SFLOW_ADDRESS = "sflowAddress";
    /**
     * Default: every address, as before the property existed: a default address that is wrong for a
     * deployment would silently starve its sampled facilities, and the source check below is what keeps
     * strangers out.
     */
    public static final String SFLOW_ADDRESS_DEFAULT = "";

    /** Sources, besides the sampled facilities' agent addresses, whose sFlow datagrams are accepted. */
    public static final String SFLOW_SOURCES = "sflowSources";
    /** Default: none; only the configured agents' own addresses. */
    public static final String SFLOW_SOURCES_DEFAULT = "";

    /**
     * Which UDP flows are tested for responsiveness (docs/algorithm.md, "Responsive UDP"): none, quic (a flow
     * whose first packet carries a QUIC long header) or all.
     */
    public static final String RESPONSIVE_CANDIDATES = "responsiveCandidates";
    /** Default: QUIC flows, as {@code ResponsiveTest.defaults()}. */
    public static final String RESPONSIVE_CANDIDATES_DEFAULT = "quic";

    /** The limit a test holds a candidate at, as a fraction of the rate it offered when the test began. */
    public static final String RESPONSIVE_HOLD_FRACTION = "responsiveHoldFraction";
    /** Default: half its rate. */
    public static final double RESPONSIVE_HOLD_FRACTION_DEFAULT = 0.5;

    /** For how many control periods a test holds a candidate. */
    public static final String RESPONSIVE_HOLD_PERIODS = "responsiveHoldPeriods";
    /** Default: one period (docs/algorithm.md, "Responsive UDP": a second one held a young flow back). */
    public static final int RESPONSIVE_HOLD_PERIODS_DEFAULT = 1;

    /** How many control periods a released candidate has to offer more again. */
    public static final String RESPONSIVE_RELEASE_PERIODS = "responsiveReleasePeriods";
    /** Default: three periods. */
    public static final int RESPONSIVE_RELEASE_PERIODS_DEFAULT = 3;

    /** Seconds after which a tested flow is tested again. */
    public static final String RESPONSIVE_RECHECK_SECONDS = "responsiveRecheckSeconds";
    /** Default: a minute. */
    public static final int RESPONSIVE_RECHECK_SECONDS_DEFAULT = 60;

    /** Periods of history kept per CFS and per flow. */
    public static final String HISTORY_LENGTH = "historyLength";
    /** Default: one hour at the default period. */
    public static final int HISTORY_LENGTH_DEFAULT = 720;

    /**
     * Whether deactivating the app (deactivate, uninstall, reinstall) hands every facility over, as an
     * instance leaving the cluster does, instead of removing FUDP's rules and the adjustors' limits.
     */
    public static final String HAND_OVER_ON_DEACTIVATE = "handOverOnDeactivate";
    /**
     * Default: off, so that uninstalling the app still takes everything of FUDP's off the switches and
     * the adjustors. Turn it on before an upgrade ({@code onos-app ... reinstall!}) that should keep the
     * limits, and off again before a final uninstall (docs/deploy.md).
     */
    public static final boolean HAND_OVER_ON_DEACTIVATE_DEFAULT = false;

    /** File holding the HMAC keys of the control frames. */
    public static final String KEY_FILE = "keyFile";
    /** Default key file. */
    public static final String KEY_FILE_DEFAULT = "../config/fudp.keys";
}
