// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.commands.FrameOut;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketService;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The controller's end of the wire to the adjustors: the loop's control frames leave as
 * Packet-Outs out of each facility's adjustor port, in the order the loop numbered them.
 * What the agents send back arrives as packet-ins ({@link PacketAdapter}).
 */
final class AdjustorLink {

    private final PacketService packetService;

    AdjustorLink(PacketService packetService) {
        this.packetService = packetService;
    }

    /**
     * Emits frames.
     *
     * @param frames the frames, in sending order
     */
    void emit(List<FrameOut> frames) {
        for (FrameOut f : frames) {
            packetService.emit(new DefaultOutboundPacket(DeviceId.deviceId(f.facilityId()),
                    DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(f.port())).build(),
                    ByteBuffer.wrap(f.frame())));
        }
    }
}
