// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fudp.loop.api.network.AddressPrefix;

/**
 * The rules every run starts with, all below the loop's per-flow rules (priority 100 and 101), all
 * with cookie 0. They are the host's, not the loop's: in ONOS, the packet service and other apps
 * would do their part.
 */
final class BaseRules {

    private BaseRules() {
    }

    /**
     * Returns the base rules.
     * <ul>
     *   <li>0: table miss to the controller;</li>
     *   <li>1: per host, the default route, which also copies every packet to the controller: it stands
     *       in for the Packet-Out of the missed packet a full controller would send, so a new flow
     *       loses nothing while its rules are being installed. On a sampled facility
     *       ({@link org.fudp.loop.api.settings.FlowBudget#sampled()}) it only forwards: no flow costs a packet-in
     *       there;</li>
     *   <li>2: nothing comes back from the adjustor unless a flow rule says where it goes;</li>
     *   <li>10: ping goes straight through, without packet-ins;</li>
     *   <li>20: the agent's control frames go to the controller whole. OVS keeps no packet buffers,
     *       so it sends whole packets whatever the max_len (checked with OVS 3.1); 65535 says so
     *       anyway, since an ACK cut short fails its HMAC.</li>
     * </ul>
     *
     * @param config the lab's network
     * @param controlEtherType the EtherType of control frames
     * @return rules in ovs-ofctl syntax
     */
    static List<String> of(LabConfig config, int controlEtherType) {
        List<String> rules = new ArrayList<>();
        rules.add("priority=0,actions=controller:128");
        rules.add("priority=2,in_port=" + config.adjustorOnwardPort() + ",actions=drop");
        rules.add(String.format(Locale.ROOT, "priority=20,in_port=%d,dl_type=0x%04x,actions=controller:65535",
                config.adjustorSwitchPort(), controlEtherType));
        for (Map.Entry<AddressPrefix, Integer> h : config.hostPorts().entrySet()) {
            AddressPrefix to = h.getKey();
            boolean v4 = to.network().getAddress().length == 4;
            String dst = (v4 ? "nw_dst=" : "ipv6_dst=") + to.toMatchString();
            rules.add("priority=1," + (v4 ? "ip," : "ipv6,") + dst + ",actions="
                    + (config.budget().sampled() ? "" : "controller:128,") + "output:" + h.getValue());
            rules.add("priority=10," + (v4 ? "icmp," : "icmp6,") + dst + ",actions=output:" + h.getValue());
        }
        return rules;
    }
}
