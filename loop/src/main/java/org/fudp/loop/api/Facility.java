package org.fudp.loop.api;

import org.fudp.protocol.EthernetFrame;

import java.util.Arrays;
import java.util.Objects;

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

    /** The port of a facility that has none (a metered facility has no adjustor ports). */
    public static final long NO_PORT = -1;

    private final Enforcement enforcement;
    private final String id;
    private final long adjustorPort;
    private final long returnPort;
    private final byte[] adjustorMac;
    private final int keyId;

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
    }

    private Facility(String id) {
        this.enforcement = Enforcement.METER;
        this.id = Objects.requireNonNull(id, "id");
        this.adjustorPort = NO_PORT;
        this.returnPort = NO_PORT;
        this.adjustorMac = new byte[6];
        this.keyId = 0;
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

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Facility)) {
            return false;
        }
        Facility f = (Facility) o;
        return enforcement == f.enforcement && id.equals(f.id) && adjustorPort == f.adjustorPort
                && returnPort == f.returnPort && Arrays.equals(adjustorMac, f.adjustorMac) && keyId == f.keyId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(enforcement, id, adjustorPort, returnPort, Arrays.hashCode(adjustorMac),
                keyId);
    }

    @Override
    public String toString() {
        if (enforcement == Enforcement.METER) {
            return id + " (meters)";
        }
        return id + " (adjustor " + adjustorPort + ", return " + returnPort + ", "
                + EthernetFrame.formatMac(adjustorMac) + ", key " + Integer.toUnsignedString(keyId) + ")";
    }
}
