// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.algorithm.FudpaConfig;
import org.fudp.protocol.EthernetFrame;

import java.util.Objects;

/**
 * The loop's tunables. The ONOS app fills them from its component properties, the lab from its
 * config file; {@link #defaults()} are the app's defaults.
 */
public final class LoopSettings {

    private final long periodMs;
    private final FudpaConfig fudpa;
    private final int flowIdleTimeoutS;
    private final int flowPriority;
    private final boolean enabled;
    private final boolean dryRun;
    private final int controlEtherType;
    private final long heartbeatTimeoutMs;
    private final long heartbeatIntervalMs;
    private final long ackTimeoutMs;
    private final long counterLagMs;
    private final boolean closingRules;
    private final long senderId;
    private final ResponsiveTest responsive;
    private final PrincipalRule principal;

    private LoopSettings(Builder b) {
        principal = b.principal;
        periodMs = b.periodMs;
        fudpa = b.fudpa;
        flowIdleTimeoutS = b.flowIdleTimeoutS;
        flowPriority = b.flowPriority;
        enabled = b.enabled;
        dryRun = b.dryRun;
        controlEtherType = b.controlEtherType;
        heartbeatTimeoutMs = b.heartbeatTimeoutMs;
        heartbeatIntervalMs = b.heartbeatIntervalMs;
        ackTimeoutMs = b.ackTimeoutMs;
        counterLagMs = b.counterLagMs;
        closingRules = b.closingRules;
        senderId = b.senderId;
        responsive = b.responsive;
    }

    /**
     * Returns the defaults: the paper's 5 s period and α, β; rules idle out after 10 s.
     *
     * @return default settings
     */
    public static LoopSettings defaults() {
        return new Builder().build();
    }

    /**
     * Returns a builder starting from these settings.
     *
     * @return builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.periodMs = periodMs;
        b.fudpa = fudpa;
        b.flowIdleTimeoutS = flowIdleTimeoutS;
        b.flowPriority = flowPriority;
        b.enabled = enabled;
        b.dryRun = dryRun;
        b.controlEtherType = controlEtherType;
        b.heartbeatTimeoutMs = heartbeatTimeoutMs;
        b.heartbeatIntervalMs = heartbeatIntervalMs;
        b.ackTimeoutMs = ackTimeoutMs;
        b.counterLagMs = counterLagMs;
        b.closingRules = closingRules;
        b.senderId = senderId;
        b.responsive = responsive;
        b.principal = principal;
        return b;
    }

    /**
     * Returns a builder with the defaults.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the control period.
     *
     * @return milliseconds
     */
    public long periodMs() {
        return periodMs;
    }

    /**
     * Returns FUDPA's tunables (α, β and the rest).
     *
     * @return algorithm config
     */
    public FudpaConfig fudpa() {
        return fudpa;
    }

    /**
     * Returns the idle timeout of per-flow rules; a flow is forgotten when its rules idle out.
     *
     * @return seconds
     */
    public int flowIdleTimeoutS() {
        return flowIdleTimeoutS;
    }

    /**
     * Returns the priority of a flow's main rule; the rule back from the adjustor and the
     * closing rules get one more.
     *
     * @return priority
     */
    public int flowPriority() {
        return flowPriority;
    }

    /**
     * Tells whether FUDPA runs; when false, flows are measured and every limit is released.
     *
     * @return true to control
     */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Tells whether allocations are computed and reported but not sent.
     *
     * @return true for dry-run
     */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * Tells whether limits reach the adjustors.
     *
     * @return enabled and not dry-run
     */
    public boolean enforce() {
        return enabled && !dryRun;
    }

    /**
     * Returns the EtherType of control frames.
     *
     * @return EtherType
     */
    public int controlEtherType() {
        return controlEtherType;
    }

    /**
     * Returns how long an adjustor may be silent before it is declared down.
     *
     * @return milliseconds
     */
    public long heartbeatTimeoutMs() {
        return heartbeatTimeoutMs;
    }

    /**
     * Returns how long the controller stays silent toward an adjustor before it sends a heartbeat.
     *
     * @return milliseconds
     */
    public long heartbeatIntervalMs() {
        return heartbeatIntervalMs;
    }

    /**
     * Returns how long a snapshot may stay unacknowledged before it is sent again.
     *
     * @return milliseconds
     */
    public long ackTimeoutMs() {
        return ackTimeoutMs;
    }

    /**
     * Returns how long after an adjustor's acknowledgement the switch's counters show traffic
     * under the new limits (Open vSwitch refreshes rule counters every {@code max-revalidator} ms).
     *
     * @return milliseconds
     */
    public long counterLagMs() {
        return counterLagMs;
    }

    /**
     * Tells whether TCP flows get rules that copy their FIN and RST segments to the controller,
     * so that a closed connection leaves its CFS at once. Needs a TCP-flags match, which ONOS 2.7's
     * OpenFlow provider does not translate (its {@code FlowModBuilder} logs "Match type TCP_FLAGS
     * not yet implemented" and drops the match), so only the lab turns it on.
     *
     * @return true to install closing rules
     */
    public boolean closingRules() {
        return closingRules;
    }

    /**
     * Returns the controller's sender id in control frames.
     *
     * @return sender id
     */
    public long senderId() {
        return senderId;
    }

    /**
     * Returns how UDP flows are tested for responsiveness.
     *
     * @return the test
     */
    public ResponsiveTest responsive() {
        return responsive;
    }

    /**
     * Returns whom an unresponsive UDP flow's traffic counts for, unless its traffic class says otherwise.
     *
     * @return the rule, {@link PrincipalRule#HOST} by default
     */
    public PrincipalRule principal() {
        return principal;
    }

    /**
     * Builds settings; every setter checks its value and names it when refusing.
     */
    public static final class Builder {
        private long periodMs = 5000;
        private FudpaConfig fudpa = FudpaConfig.defaults();
        private int flowIdleTimeoutS = 10;
        private int flowPriority = 40000;
        private boolean enabled = true;
        private boolean dryRun;
        private int controlEtherType = EthernetFrame.DEFAULT_ETHER_TYPE;
        private long heartbeatTimeoutMs = 15000;
        private long heartbeatIntervalMs = 1000;
        private long ackTimeoutMs = 2000;
        private long counterLagMs = 150;
        private boolean closingRules;
        private long senderId = 0x4655_4450_0000_0001L;
        private ResponsiveTest responsive = ResponsiveTest.defaults();
        private PrincipalRule principal = PrincipalRule.HOST;

        private Builder() {
        }

        private static long positive(String name, long v) {
            if (v <= 0) {
                throw new IllegalArgumentException(name + ": must be > 0, was " + v);
            }
            return v;
        }

        /**
         * Sets the control period.
         *
         * @param ms milliseconds, &gt; 0
         * @return this
         */
        public Builder periodMs(long ms) {
            periodMs = positive("periodMs", ms);
            return this;
        }

        /**
         * Sets FUDPA's tunables.
         *
         * @param config algorithm config
         * @return this
         */
        public Builder fudpa(FudpaConfig config) {
            fudpa = Objects.requireNonNull(config, "fudpa");
            return this;
        }

        /**
         * Sets the idle timeout of per-flow rules.
         *
         * @param seconds 1..65535
         * @return this
         */
        public Builder flowIdleTimeoutS(int seconds) {
            if (seconds < 1 || seconds > 65535) {
                throw new IllegalArgumentException("flowIdleTimeoutS: must be 1..65535, was " + seconds);
            }
            flowIdleTimeoutS = seconds;
            return this;
        }

        /**
         * Sets the priority of the per-flow rules.
         *
         * @param priority 1..65534 (the next one up is used too)
         * @return this
         */
        public Builder flowPriority(int priority) {
            if (priority < 1 || priority > 65534) {
                throw new IllegalArgumentException("flowPriority: must be 1..65534, was " + priority);
            }
            flowPriority = priority;
            return this;
        }

        /**
         * Turns control on or off.
         *
         * @param on true to run FUDPA
         * @return this
         */
        public Builder enabled(boolean on) {
            enabled = on;
            return this;
        }

        /**
         * Turns dry-run on or off.
         *
         * @param on true to send nothing
         * @return this
         */
        public Builder dryRun(boolean on) {
            dryRun = on;
            return this;
        }

        /**
         * Sets the control EtherType.
         *
         * @param etherType 0x0600..0xffff
         * @return this
         */
        public Builder controlEtherType(int etherType) {
            if (etherType < 0x0600 || etherType > 0xffff) {
                throw new IllegalArgumentException("controlEtherType: must be 0x0600..0xffff, was " + etherType);
            }
            controlEtherType = etherType;
            return this;
        }

        /**
         * Sets the heartbeat timeout.
         *
         * @param ms milliseconds
         * @return this
         */
        public Builder heartbeatTimeoutMs(long ms) {
            heartbeatTimeoutMs = positive("heartbeatTimeoutMs", ms);
            return this;
        }

        /**
         * Sets the heartbeat interval.
         *
         * @param ms milliseconds
         * @return this
         */
        public Builder heartbeatIntervalMs(long ms) {
            heartbeatIntervalMs = positive("heartbeatIntervalMs", ms);
            return this;
        }

        /**
         * Sets the acknowledgement timeout.
         *
         * @param ms milliseconds
         * @return this
         */
        public Builder ackTimeoutMs(long ms) {
            ackTimeoutMs = positive("ackTimeoutMs", ms);
            return this;
        }

        /**
         * Sets the counter lag after an acknowledgement.
         *
         * @param ms milliseconds, &gt;= 0
         * @return this
         */
        public Builder counterLagMs(long ms) {
            if (ms < 0) {
                throw new IllegalArgumentException("counterLagMs: must be >= 0, was " + ms);
            }
            counterLagMs = ms;
            return this;
        }

        /**
         * Turns the TCP closing rules on or off.
         *
         * @param on true where the switch can match TCP flags
         * @return this
         */
        public Builder closingRules(boolean on) {
            closingRules = on;
            return this;
        }

        /**
         * Sets the controller's sender id.
         *
         * @param id sender id
         * @return this
         */
        public Builder senderId(long id) {
            senderId = id;
            return this;
        }

        /**
         * Sets how UDP flows are tested for responsiveness.
         *
         * @param test the test; {@link ResponsiveTest#off()} for none
         * @return this
         */
        public Builder responsive(ResponsiveTest test) {
            responsive = Objects.requireNonNull(test, "responsive");
            return this;
        }

        /**
         * Sets whom an unresponsive UDP flow's traffic counts for.
         *
         * @param rule the rule; {@link PrincipalRule#FLOW} for the paper's
         * @return this
         */
        public Builder principal(PrincipalRule rule) {
            principal = Objects.requireNonNull(rule, "principal");
            return this;
        }

        /**
         * Builds the settings.
         *
         * @return settings
         */
        public LoopSettings build() {
            return new LoopSettings(this);
        }
    }
}
