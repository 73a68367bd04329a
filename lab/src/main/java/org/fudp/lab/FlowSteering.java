package org.fudp.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fudp.protocol.FiveTuple;

/**
 * The flow rules, with the same matches and actions as the ONOS app: TCP goes straight to its
 * destination; UDP of a CFS goes to the adjustor, and what comes back from the adjustor goes on to the
 * destination. The rule before the adjustor counts the UDP flow's demand, the rule after it the rate
 * the adjustor let through.
 */
final class FlowSteering {

    /** Priority of the per-flow rules, above every base rule. */
    static final int FLOW_PRIORITY = 100;
    private static final long COOKIE_TAG = 0x0fd0_0000_0000_0000L;

    private final LabConfig config;

    FlowSteering(LabConfig config) {
        this.config = config;
    }

    /**
     * The cookie of a flow's rule: side 0 is the rule from the source (TCP, or UDP towards the adjustor),
     * side 1 the rule from the adjustor onward, sides 2 and 3 a TCP flow's FIN and RST rules.
     *
     * @param flowNumber the controller's number for the flow
     * @param side 0 to 3
     * @return cookie
     */
    static long cookie(long flowNumber, int side) {
        return COOKIE_TAG | flowNumber << 2 | side;
    }

    /**
     * The rules every run starts with. Table miss sends to the controller. Until a flow has its own
     * rule, its packets are forwarded by a default route per host and copied to the controller (which
     * stands in for the Packet-Out of the missed packet a full controller would send). Ping goes
     * straight through, without packet-ins. Nothing returns from the adjustor unless a flow rule says where.
     *
     * @return rules in ovs-ofctl syntax
     */
    List<String> baseRules() {
        List<String> rules = new ArrayList<>();
        rules.add("priority=0,actions=controller:128");
        rules.add("priority=2,in_port=" + config.adjustorOnwardPort() + ",actions=drop");
        config.hostPorts().forEach((ip, port) -> {
            String a = ip.getHostAddress();
            rules.add("priority=1,ip,nw_dst=" + a + ",actions=controller:128,output:" + port);
            rules.add("priority=10,icmp,nw_dst=" + a + ",actions=output:" + port);
        });
        return rules;
    }

    /**
     * The rules of one flow.
     *
     * @param flowNumber the controller's number for the flow (goes into the cookies)
     * @param t the flow
     * @param inPort where it enters the switch
     * @param dstPort where its destination hangs off
     * @param viaAdjustor whether it is a UDP flow of a CFS, to be steered through the adjustor
     * @return the flow's rules: one more via the adjustor, two more (FIN and RST) for TCP
     */
    List<String> flowRules(long flowNumber, FiveTuple t, int inPort, int dstPort, boolean viaAdjustor) {
        List<String> rules = new ArrayList<>(2);
        if (viaAdjustor) {
            rules.add(rule(flowNumber, 0, t, inPort, config.adjustorSwitchPort()));
            rules.add(rule(flowNumber, 1, t, config.adjustorOnwardPort(), dstPort));
        } else {
            rules.add(rule(flowNumber, 0, t, inPort, dstPort));
        }
        if (t.protocol() == FiveTuple.TCP) {
            // A TCP flow's FIN or RST (iperf3 resets its data connections) is copied to the controller,
            // which then drops the flow from its CFS at once instead of waiting for its counter to stand still.
            String[] flags = {"+fin", "+rst"};
            for (int i = 0; i < flags.length; i++) {
                rules.add(String.format(Locale.ROOT, "cookie=0x%x,priority=%d,idle_timeout=%d,tcp,tcp_flags=%s,"
                        + "%s,actions=controller:128,output:%d", cookie(flowNumber, 2 + i), FLOW_PRIORITY + 1,
                        config.idleTimeoutSeconds(), flags[i], match(t, inPort), dstPort));
            }
        }
        return rules;
    }

    private static String match(FiveTuple t, int inPort) {
        return String.format(Locale.ROOT, "in_port=%d,nw_src=%s,nw_dst=%s,tp_src=%d,tp_dst=%d", inPort,
                t.src().getHostAddress(), t.dst().getHostAddress(), t.srcPort(), t.dstPort());
    }

    private String rule(long flowNumber, int side, FiveTuple t, int inPort, int outPort) {
        return String.format(Locale.ROOT, "cookie=0x%x,priority=%d,idle_timeout=%d,%s,%s,actions=output:%d",
                cookie(flowNumber, side), FLOW_PRIORITY, config.idleTimeoutSeconds(),
                t.protocol() == FiveTuple.TCP ? "tcp" : "udp", match(t, inPort), outPort);
    }
}
