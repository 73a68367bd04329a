package org.fudp.loop;

import org.fudp.protocol.EthernetFrame;

import java.util.Arrays;
import java.util.Objects;

/**
 * A FUDP switch and the adjustor wired to it: UDP of a CFS leaves the switch through the
 * adjustor port and comes back, shaped, through the return port. Ids and ports are the host's:
 * an ONOS device id and OpenFlow port numbers in the app, the bridge name in the lab.
 */
public final class Facility {

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
        return port == adjustorPort || port == returnPort;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Facility)) {
            return false;
        }
        Facility f = (Facility) o;
        return id.equals(f.id) && adjustorPort == f.adjustorPort && returnPort == f.returnPort
                && Arrays.equals(adjustorMac, f.adjustorMac) && keyId == f.keyId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, adjustorPort, returnPort, Arrays.hashCode(adjustorMac), keyId);
    }

    @Override
    public String toString() {
        return id + " (adjustor " + adjustorPort + ", return " + returnPort + ", "
                + EthernetFrame.formatMac(adjustorMac) + ", key " + Integer.toUnsignedString(keyId) + ")";
    }
}
