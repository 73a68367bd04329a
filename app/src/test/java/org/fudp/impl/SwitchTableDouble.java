// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IPv6;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthCriterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.packet.DefaultInboundPacket;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The flow table of one switch under ONOS 2.7, as far as it decides whether a packet reaches
 * ONOS's packet processors:
 * <ul>
 *   <li>each packet request becomes a permanent punt-only rule at the request's PacketPriority
 *       value (core/net/.../packet/impl/PacketManager.java, pushRule; the OVS pipeliner
 *       DefaultSingleTablePipeline installs it as is, with OUTPUT:CONTROLLER);</li>
 *   <li>other apps' rules forward without a packet-in, e.g. ReactiveForwarding's in-port + source
 *       MAC + destination MAC rule at its default flowPriority 10 (apps/fwd/.../ReactiveForwarding.java,
 *       installRule; OsgiPropertyConstants.FLOW_PRIORITY_DEFAULT);</li>
 *   <li>the highest-priority match wins; a packet that matches nothing is dropped (ONOS installs no
 *       table-miss rule for OpenFlow 1.3).</li>
 * </ul>
 */
final class SwitchTableDouble {

    /** Another app's forwarding rule. */
    private static final class Forward {
        final int priority;
        final long inPort;
        final MacAddress src;
        final MacAddress dst;

        Forward(int priority, long inPort, MacAddress src, MacAddress dst) {
            this.priority = priority;
            this.inPort = inPort;
            this.src = src;
            this.dst = dst;
        }
    }

    private final DeviceId device;
    private final TestServices.TestPacketService packets;
    private final List<Forward> others = new ArrayList<>();
    int forwardedByOthers;

    SwitchTableDouble(DeviceId device, TestServices.TestPacketService packets) {
        this.device = device;
        this.packets = packets;
    }

    /**
     * Installs what ReactiveForwarding installs after it forwarded a packet between two hosts.
     *
     * @param inPort where the first host is
     * @param src its MAC
     * @param dst the other host's MAC
     */
    void fwdRule(long inPort, MacAddress src, MacAddress dst) {
        others.add(new Forward(10, inPort, src, dst));
    }

    /**
     * A packet arrives at a port: the best rule decides whether ONOS sees it.
     *
     * @param inPort the port
     * @param eth the packet
     * @return the packet context ONOS's processors got, null if no packet-in
     */
    TestServices.TestPacketContext arrive(long inPort, Ethernet eth) {
        int bestPunt = -1;
        for (Map.Entry<String, Map.Entry<TrafficSelector, org.onosproject.net.packet.PacketPriority>> e
                : packets.punts.entrySet()) {
            if (e.getKey().endsWith("|" + device) && matches(e.getValue().getKey(), inPort, eth)) {
                bestPunt = Math.max(bestPunt, e.getValue().getValue().priorityValue());
            }
        }
        int bestOther = -1;
        for (Forward f : others) {
            if (f.inPort == inPort && f.src.equals(eth.getSourceMAC()) && f.dst.equals(eth.getDestinationMAC())) {
                bestOther = Math.max(bestOther, f.priority);
            }
        }
        if (bestPunt < 0 || bestOther > bestPunt) {
            forwardedByOthers += bestOther >= 0 ? 1 : 0;
            return null;
        }
        byte[] raw = eth.serialize();
        TestServices.TestPacketContext ctx = new TestServices.TestPacketContext(new DefaultInboundPacket(
                new ConnectPoint(device, PortNumber.portNumber(inPort)), eth, ByteBuffer.wrap(raw)));
        packets.processor.process(ctx);
        return ctx;
    }

    private static boolean matches(TrafficSelector s, long inPort, Ethernet eth) {
        for (Criterion c : s.criteria()) {
            switch (c.type()) {
                case IN_PORT:
                    if (((PortCriterion) c).port().toLong() != inPort) {
                        return false;
                    }
                    break;
                case ETH_TYPE:
                    if (((EthTypeCriterion) c).ethType().toShort() != eth.getEtherType()) {
                        return false;
                    }
                    break;
                case ETH_SRC:
                    if (!((EthCriterion) c).mac().equals(eth.getSourceMAC())) {
                        return false;
                    }
                    break;
                case ETH_DST:
                    if (!((EthCriterion) c).mac().equals(eth.getDestinationMAC())) {
                        return false;
                    }
                    break;
                case IP_PROTO:
                    if (((IPProtocolCriterion) c).protocol() != ipProtocol(eth)) {
                        return false;
                    }
                    break;
                default:
                    throw new IllegalArgumentException("the double matches no " + c.type());
            }
        }
        return true;
    }

    private static int ipProtocol(Ethernet eth) {
        if (eth.getPayload() instanceof IPv4) {
            return ((IPv4) eth.getPayload()).getProtocol() & 0xff;
        }
        return eth.getPayload() instanceof IPv6 ? ((IPv6) eth.getPayload()).getNextHeader() & 0xff : -1;
    }
}
