// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import com.google.common.base.MoreObjects;
import org.fudp.loop.api.settings.Facility.Enforcement;
import org.fudp.loop.api.settings.Facility.WhenAdjustorDown;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One FUDP switch and what enforces its flows' limits ({@link #enforcement()}): the flow adjustor
 * attached to it (the paper's control unit, Fig. 2), or the switch's own OpenFlow meters. UDP flows
 * of an adjustor facility leave the switch on {@link #adjustorPort()}, are shaped by the adjustor
 * and come back on {@link #returnPort()}; a metered facility has no adjustor, ports, MAC or key.
 * <p>
 * Its budgets and its sampling are as the network config gives them, absent where the config leaves
 * them to their defaults, so that the facility written back is the facility read.
 * </p>
 */
public final class FacilityConfig {

    private final Enforcement enforcement;
    private final DeviceId deviceId;
    private final PortNumber adjustorPort;
    private final PortNumber returnPort;
    private final MacAddress adjustorMac;
    private final int keyId;
    private final Integer ruleBudget;
    private final Integer packetInBudget;
    private final FacilitySampling sampling;
    private final WhenAdjustorDown whenAdjustorDown;

    /**
     * Creates a facility.
     *
     * @param deviceId the FUDP switch
     * @param adjustorPort switch port toward the adjustor
     * @param returnPort switch port on which shaped traffic comes back from the adjustor
     * @param adjustorMac MAC address control frames are sent to
     * @param keyId id of the key that authenticates control frames to this adjustor
     */
    public FacilityConfig(DeviceId deviceId, PortNumber adjustorPort, PortNumber returnPort,
                    MacAddress adjustorMac, int keyId) {
        this.enforcement = Enforcement.ADJUSTOR;
        this.deviceId = Objects.requireNonNull(deviceId, "deviceId");
        this.adjustorPort = Objects.requireNonNull(adjustorPort, "adjustorPort");
        this.returnPort = Objects.requireNonNull(returnPort, "returnPort");
        this.adjustorMac = Objects.requireNonNull(adjustorMac, "adjustorMac");
        this.keyId = keyId;
        this.ruleBudget = null;
        this.packetInBudget = null;
        this.sampling = null;
        this.whenAdjustorDown = null;
    }

    private FacilityConfig(DeviceId deviceId) {
        this.enforcement = Enforcement.METER;
        this.deviceId = Objects.requireNonNull(deviceId, "deviceId");
        this.adjustorPort = null;
        this.returnPort = null;
        this.adjustorMac = null;
        this.keyId = 0;
        this.ruleBudget = null;
        this.packetInBudget = null;
        this.sampling = null;
        this.whenAdjustorDown = null;
    }

    private FacilityConfig(FacilityConfig f, Integer ruleBudget, Integer packetInBudget, FacilitySampling sampling) {
        this(f, ruleBudget, packetInBudget, sampling, f.whenAdjustorDown);
    }

    private FacilityConfig(FacilityConfig f, Integer ruleBudget, Integer packetInBudget, FacilitySampling sampling,
                     WhenAdjustorDown whenAdjustorDown) {
        this.enforcement = f.enforcement;
        this.deviceId = f.deviceId;
        this.adjustorPort = f.adjustorPort;
        this.returnPort = f.returnPort;
        this.adjustorMac = f.adjustorMac;
        this.keyId = f.keyId;
        this.ruleBudget = ruleBudget;
        this.packetInBudget = packetInBudget;
        this.sampling = sampling;
        this.whenAdjustorDown = whenAdjustorDown;
    }

    /**
     * Returns this facility with a policy of its own for while its adjustor agent cannot hold its limits.
     *
     * @param policy the policy, null for the default ({@link WhenAdjustorDown#METERS})
     * @return the facility
     */
    public FacilityConfig withWhenAdjustorDown(WhenAdjustorDown policy) {
        return new FacilityConfig(this, ruleBudget, packetInBudget, sampling, policy);
    }

    /**
     * Returns the policy the config gives the facility for while its adjustor agent cannot hold its limits.
     *
     * @return the policy, empty when the config leaves it to the default ({@link WhenAdjustorDown#METERS})
     */
    public Optional<WhenAdjustorDown> whenAdjustorDown() {
        return Optional.ofNullable(whenAdjustorDown);
    }

    /**
     * Returns this facility with a rule budget of its own.
     *
     * @param rules rules FUDP may hold in the switch's table
     * @return the facility
     */
    public FacilityConfig withRuleBudget(int rules) {
        return new FacilityConfig(this, rules, packetInBudget, sampling);
    }

    /**
     * Returns this facility with a packet-in budget of its own.
     *
     * @param packetIns new flows a second FUDP learns from packet-ins
     * @return the facility
     */
    public FacilityConfig withPacketInBudget(int packetIns) {
        return new FacilityConfig(this, ruleBudget, packetIns, sampling);
    }

    /**
     * Returns this facility sampled, or no longer sampled.
     *
     * @param s its sampling, null for none
     * @return the facility
     */
    public FacilityConfig withSampling(FacilitySampling s) {
        return new FacilityConfig(this, ruleBudget, packetInBudget, s);
    }

    /**
     * Creates a facility whose switch enforces limits with its own meters.
     *
     * @param deviceId the FUDP switch
     * @return the facility
     */
    public static FacilityConfig metered(DeviceId deviceId) {
        return new FacilityConfig(deviceId);
    }

    /**
     * Returns what enforces the facility's limits.
     *
     * @return the adjustor or the switch's meters
     */
    public Enforcement enforcement() {
        return enforcement;
    }

    /**
     * Tells whether the switch's meters enforce the limits.
     *
     * @return true for a metered facility
     */
    public boolean isMetered() {
        return enforcement == Enforcement.METER;
    }

    /**
     * Returns the FUDP switch.
     *
     * @return device id
     */
    public DeviceId deviceId() {
        return deviceId;
    }

    /**
     * Returns the switch port toward the adjustor.
     *
     * @return port number, null for a metered facility
     */
    public PortNumber adjustorPort() {
        return adjustorPort;
    }

    /**
     * Returns the switch port on which traffic comes back from the adjustor.
     *
     * @return port number, null for a metered facility
     */
    public PortNumber returnPort() {
        return returnPort;
    }

    /**
     * Returns the adjustor's MAC address, the destination of control frames.
     *
     * @return MAC address, null for a metered facility
     */
    public MacAddress adjustorMac() {
        return adjustorMac;
    }

    /**
     * Returns the id of the key that authenticates control frames.
     *
     * @return key id, 0 for a metered facility
     */
    public int keyId() {
        return keyId;
    }

    /**
     * Returns the rule budget the config gives the facility.
     *
     * @return rules, empty when the config leaves it to the default
     */
    public OptionalInt ruleBudget() {
        return ruleBudget == null ? OptionalInt.empty() : OptionalInt.of(ruleBudget);
    }

    /**
     * Returns the packet-in budget the config gives the facility.
     *
     * @return new flows a second, empty when the config leaves it to the default
     */
    public OptionalInt packetInBudget() {
        return packetInBudget == null ? OptionalInt.empty() : OptionalInt.of(packetInBudget);
    }

    /**
     * Returns how the facility's flows are sampled.
     *
     * @return its sampling, empty if it is not sampled
     */
    public Optional<FacilitySampling> sampling() {
        return Optional.ofNullable(sampling);
    }

    /**
     * Returns the connect point toward the adjustor.
     *
     * @return connect point, null for a metered facility
     */
    public ConnectPoint adjustorConnectPoint() {
        return isMetered() ? null : new ConnectPoint(deviceId, adjustorPort);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FacilityConfig)) {
            return false;
        }
        FacilityConfig that = (FacilityConfig) o;
        return enforcement == that.enforcement && keyId == that.keyId && deviceId.equals(that.deviceId)
                && Objects.equals(adjustorPort, that.adjustorPort) && Objects.equals(returnPort, that.returnPort)
                && Objects.equals(adjustorMac, that.adjustorMac) && Objects.equals(ruleBudget, that.ruleBudget)
                && Objects.equals(packetInBudget, that.packetInBudget) && Objects.equals(sampling, that.sampling)
                && whenAdjustorDown == that.whenAdjustorDown;
    }

    @Override
    public int hashCode() {
        return Objects.hash(enforcement, deviceId, adjustorPort, returnPort, adjustorMac, keyId, ruleBudget,
                packetInBudget, sampling, whenAdjustorDown);
    }

    @Override
    public String toString() {
        MoreObjects.ToStringHelper h = MoreObjects.toStringHelper(this).add("deviceId", deviceId);
        if (isMetered()) {
            h.add("enforcement", "meter");
        } else {
            h.add("adjustorPort", adjustorPort).add("returnPort", returnPort).add("adjustorMac", adjustorMac)
                    .add("keyId", keyId);
        }
        return h.add("ruleBudget", ruleBudget).add("packetInBudget", packetInBudget).add("sampling", sampling)
                .add("whenAdjustorDown", whenAdjustorDown).omitNullValues().toString();
    }
}
