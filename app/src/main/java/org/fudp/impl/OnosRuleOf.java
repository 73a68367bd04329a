// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.TpPort;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.meter.MeterId;

import java.util.Optional;

/**
 * The ONOS flow rule of each of the loop's rules: the same spec gives the same rule, and so the same ONOS rule
 * id, on every instance.
 */
final class OnosRuleOf {

    private OnosRuleOf() {
    }

    /**
     * Returns the ONOS rule of a loop rule: the app's, temporary (its idle timeout), at its facility's switch.
     *
     * @param r the loop rule
     * @param meter the meter its packets pass, if any
     * @param appId the app
     * @return the ONOS rule
     */
    static FlowRule flowRule(RuleSpec r, Optional<MeterId> meter, ApplicationId appId) {
        if (r.copyToController()) {
            // ONOS 2.7's OpenFlow provider cannot match TCP flags (its FlowModBuilder drops the
            // match with "not yet implemented"): such a rule would copy every segment to the controller.
            throw new IllegalArgumentException("closing rules need a TCP-flags match ONOS 2.7 cannot install: " + r);
        }
        TrafficTreatment.Builder treatment = DefaultTrafficTreatment.builder();
        meter.ifPresent(treatment::meter);
        treatment.setOutput(PortNumber.portNumber(r.outPort()));
        return DefaultFlowRule.builder().forDevice(DeviceId.deviceId(r.facilityId())).withSelector(selector(r))
                .withTreatment(treatment.build()).withPriority(r.priority()).fromApp(appId)
                .makeTemporary(r.idleTimeoutS()).build();
    }

    /**
     * Returns the match of a loop rule.
     *
     * @param r the loop rule
     * @return the ONOS selector
     */
    static TrafficSelector selector(RuleSpec r) {
        FiveTuple t = r.flow();
        TrafficSelector.Builder b = DefaultTrafficSelector.builder();
        if (r.inPort() != RuleSpec.ANY_PORT) {
            b.matchInPort(PortNumber.portNumber(r.inPort()));
        }
        IpAddress src = IpAddress.valueOf(t.src());
        IpAddress dst = IpAddress.valueOf(t.dst());
        if (r.isAggregate()) {
            // One protocol to one destination prefix, any ports, any source or one.
            IpPrefix to = IpPrefix.valueOf(dst, r.dstPrefix().length());
            boolean oneSource = r.srcPrefix().length() > 0;
            if (t.isIpv4()) {
                b.matchEthType(Ethernet.TYPE_IPV4).matchIPDst(to);
                if (oneSource) {
                    b.matchIPSrc(src.toIpPrefix());
                }
            } else {
                b.matchEthType(Ethernet.TYPE_IPV6).matchIPv6Dst(to);
                if (oneSource) {
                    b.matchIPv6Src(src.toIpPrefix());
                }
            }
            return b.matchIPProtocol((byte) t.protocol()).build();
        }
        if (t.isIpv4()) {
            b.matchEthType(Ethernet.TYPE_IPV4).matchIPSrc(src.toIpPrefix()).matchIPDst(dst.toIpPrefix());
        } else {
            b.matchEthType(Ethernet.TYPE_IPV6).matchIPv6Src(src.toIpPrefix()).matchIPv6Dst(dst.toIpPrefix());
        }
        b.matchIPProtocol((byte) t.protocol());
        if (t.protocol() == FiveTuple.UDP) {
            b.matchUdpSrc(TpPort.tpPort(t.srcPort())).matchUdpDst(TpPort.tpPort(t.dstPort()));
        } else {
            b.matchTcpSrc(TpPort.tpPort(t.srcPort())).matchTcpDst(TpPort.tpPort(t.dstPort()));
        }
        if (r.dscp() != TrafficClass.NO_DSCP) {
            // ONOS 2.7 FlowModBuilder (OpenFlow provider) writes it as the OXM IP_DSCP match.
            b.matchIPDscp((byte) r.dscp());
        }
        return b.build();
    }
}
