package org.fudp.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Objects;

/**
 * One FUDP switch and the flow adjustor attached to it (the paper's control unit, Fig. 2).
 * UDP flows leave the switch on {@link #adjustorPort()}, are shaped by the adjustor and come
 * back on {@link #returnPort()}.
 */
public final class Facility {

    private final DeviceId deviceId;
    private final PortNumber adjustorPort;
    private final PortNumber returnPort;
    private final MacAddress adjustorMac;
    private final int keyId;

    /**
     * Creates a facility.
     *
     * @param deviceId the FUDP switch
     * @param adjustorPort switch port toward the adjustor
     * @param returnPort switch port on which shaped traffic comes back from the adjustor
     * @param adjustorMac MAC address control frames are sent to
     * @param keyId id of the key that authenticates control frames to this adjustor
     */
    public Facility(DeviceId deviceId, PortNumber adjustorPort, PortNumber returnPort,
                    MacAddress adjustorMac, int keyId) {
        this.deviceId = Objects.requireNonNull(deviceId, "deviceId");
        this.adjustorPort = Objects.requireNonNull(adjustorPort, "adjustorPort");
        this.returnPort = Objects.requireNonNull(returnPort, "returnPort");
        this.adjustorMac = Objects.requireNonNull(adjustorMac, "adjustorMac");
        this.keyId = keyId;
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
     * @return port number
     */
    public PortNumber adjustorPort() {
        return adjustorPort;
    }

    /**
     * Returns the switch port on which traffic comes back from the adjustor.
     *
     * @return port number
     */
    public PortNumber returnPort() {
        return returnPort;
    }

    /**
     * Returns the adjustor's MAC address, the destination of control frames.
     *
     * @return MAC address
     */
    public MacAddress adjustorMac() {
        return adjustorMac;
    }

    /**
     * Returns the id of the key that authenticates control frames.
     *
     * @return key id
     */
    public int keyId() {
        return keyId;
    }

    /**
     * Returns the connect point toward the adjustor.
     *
     * @return connect point
     */
    public ConnectPoint adjustorConnectPoint() {
        return new ConnectPoint(deviceId, adjustorPort);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Facility)) {
            return false;
        }
        Facility that = (Facility) o;
        return keyId == that.keyId && deviceId.equals(that.deviceId)
                && adjustorPort.equals(that.adjustorPort) && returnPort.equals(that.returnPort)
                && adjustorMac.equals(that.adjustorMac);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, adjustorPort, returnPort, adjustorMac, keyId);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("deviceId", deviceId)
                .add("adjustorPort", adjustorPort).add("returnPort", returnPort)
                .add("adjustorMac", adjustorMac).add("keyId", keyId).toString();
    }
}
