// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.protocol.EthernetFrame;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A FUDP switch and the adjustor wired to it: UDP of a CFS leaves the switch through the
 * adjustor port and comes back, shaped, through the return port. Ids and ports are the host's:
 * an ONOS device id and OpenFlow port numbers in the app, the bridge name in the lab.
 */
public final class Facility {

    /** How a facility enforces its flows' limits. */
    public enum Enforcement {
        /** The tc flow adjustor behind the adjustor and return ports (the paper's design). */
        ADJUSTOR,
        /** OpenFlow meters in the switch itself, one per limited flow, attached to its rule. */
        METER
    }

    /** What an adjustor facility does while its agent cannot hold its limits (stopped, hung, never heard from). */
    public enum WhenAdjustorDown {
        /**
         * Its UDP flows go straight on, each held at its limit by a meter on its rule where the switch has meters; a
         * flow whose meter is refused goes straight on unlimited.
         */
        METERS,
        /** Its UDP flows go straight on, unlimited (fail open). */
        OPEN,
        /**
         * Its UDP flows stay steered into the adjustor: a hung agent's last limits hold, and while its bridge is down
         * (a clean stop that removes it) they are lost.
         */
        HOLD;

        /**
         * Returns the policy's name in configuration: {@code meters}, {@code open} or {@code hold}.
         *
         * @return the name
         */
        public String configName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Looks a policy up by its name in configuration.
         *
         * @param name the name, as {@link #configName()} gives it
         * @return the policy, empty if no policy has that name
         */
        public static Optional<WhenAdjustorDown> ofConfigName(String name) {
            for (WhenAdjustorDown w : values()) {
                if (w.configName().equals(name)) {
                    return Optional.of(w);
                }
            }
            return Optional.empty();
        }
    }

    /** The port of a facility that has none (a metered facility has no adjustor ports). */
    public static final long NO_PORT = -1;

    private final Enforcement enforcement;
    private final String id;
    private final long adjustorPort;
    private final long returnPort;
    private final byte[] adjustorMac;
    private final int keyId;
    private final WhenAdjustorDown whenDown;

    /**
     * Creates a facility.
     *
     * @param id the switch's id
     * @param adjustorPort the switch port toward the adjustor
     * @param returnPort the switch port the adjustor sends shaped traffic back into
     * @param adjustorMac the adjustor's control MAC, 6 bytes
     * @param keyId the key that signs control frames for this adjustor
     * @throws IllegalArgumentException if the ports are equal or the MAC is not 6 bytes
     */
    public Facility(String id, long adjustorPort, long returnPort, byte[] adjustorMac, int keyId) {
        this.enforcement = Enforcement.ADJUSTOR;
        this.id = Objects.requireNonNull(id, "id");
        if (adjustorPort == returnPort) {
            throw new IllegalArgumentException("facility " + id + ": adjustor and return port are both "
                    + adjustorPort);
        }
        if (adjustorMac == null || adjustorMac.length != 6) {
            throw new IllegalArgumentException("facility " + id + ": adjustor MAC must be 6 bytes");
        }
        this.adjustorPort = adjustorPort;
        this.returnPort = returnPort;
        this.adjustorMac = adjustorMac.clone();
        this.keyId = keyId;
        this.whenDown = WhenAdjustorDown.METERS;
    }

    private Facility(Facility f, WhenAdjustorDown whenDown) {
        this.enforcement = f.enforcement;
        this.id = f.id;
        this.adjustorPort = f.adjustorPort;
        this.returnPort = f.returnPort;
        this.adjustorMac = f.adjustorMac;
        this.keyId = f.keyId;
        this.whenDown = Objects.requireNonNull(whenDown, "whenDown");
    }

    private Facility(String id) {
        this.enforcement = Enforcement.METER;
        this.id = Objects.requireNonNull(id, "id");
        this.adjustorPort = NO_PORT;
        this.returnPort = NO_PORT;
        this.adjustorMac = new byte[6];
        this.keyId = 0;
        this.whenDown = WhenAdjustorDown.METERS;
    }

    /**
     * Returns a facility that enforces limits with the switch's own meters: no adjustor, no ports
     * for it, no key.
     *
     * @param id the switch's id
     * @return the facility
     */
    public static Facility metered(String id) {
        return new Facility(id);
    }

    public Enforcement enforcement() {
        return enforcement;
    }

    /**
     * Returns what the facility does while its adjustor agent cannot hold its limits; a metered facility has no agent.
     *
     * @return the policy, {@link WhenAdjustorDown#METERS} unless configured otherwise
     */
    public WhenAdjustorDown whenAdjustorDown() {
        return whenDown;
    }

    /**
     * Returns this facility with another policy for while its adjustor agent cannot hold its limits.
     *
     * @param policy the policy
     * @return the facility
     */
    public Facility withWhenAdjustorDown(WhenAdjustorDown policy) {
        return new Facility(this, policy);
    }

    public String id() {
        return id;
    }

    public long adjustorPort() {
        return adjustorPort;
    }

    public long returnPort() {
        return returnPort;
    }

    /**
     * Returns the adjustor's MAC.
     *
     * @return a copy, 6 bytes
     */
    public byte[] adjustorMac() {
        return adjustorMac.clone();
    }

    public int keyId() {
        return keyId;
    }

    /**
     * Tells whether a port is one of the adjustor's two.
     *
     * @param port a switch port
     * @return true for the adjustor or the return port
     */
    public boolean isAdjustorSide(long port) {
        return enforcement == Enforcement.ADJUSTOR && (port == adjustorPort || port == returnPort);
    }

    /**
     * Tells whether another facility is this one wired the same way: the same switch, enforcement, ports, MAC and key,
     * whatever its policy while its agent is down. A facility wired otherwise is a new one (its flows and its agent's
     * session start again); one whose policy alone changed goes on.
     *
     * @param o the other facility, may be null
     * @return true if so
     */
    public boolean sameWiring(Facility o) {
        return o != null && o.withWhenAdjustorDown(whenDown).equals(this);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Facility)) {
            return false;
        }
        Facility f = (Facility) o;
        return enforcement == f.enforcement && id.equals(f.id) && adjustorPort == f.adjustorPort
                && returnPort == f.returnPort && Arrays.equals(adjustorMac, f.adjustorMac) && keyId == f.keyId
                && whenDown == f.whenDown;
    }

    @Override
    public int hashCode() {
        return Objects.hash(enforcement, id, adjustorPort, returnPort, Arrays.hashCode(adjustorMac),
                keyId, whenDown);
    }

    @Override
    public String toString() {
        if (enforcement == Enforcement.METER) {
            return id + " (meters)";
        }
        return id + " (adjustor " + adjustorPort + ", return " + returnPort + ", "
                + EthernetFrame.formatMac(adjustorMac) + ", key " + Integer.toUnsignedString(keyId)
                + (whenDown == WhenAdjustorDown.METERS ? "" : ", when down " + whenDown.configName()) + ")";
    }
}
