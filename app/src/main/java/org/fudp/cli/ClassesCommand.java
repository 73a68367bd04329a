// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.codec.ConfigSections;
import org.fudp.loop.api.settings.TrafficClass;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the traffic classes in force, in the order they are tried.
 */
@Service
@Command(scope = "onos", name = "fudp-classes",
        description = "Lists the FUDP traffic classes in force, in the order they are tried: match and policy")
public class ClassesCommand extends FudpCommand {

    private static final String ROW = "%-16s %-5s %-20s %-20s %-11s %-11s %-11s  %s";

    @Override
    protected void run() {
        List<TrafficClass> all = fudp().getTrafficClasses();
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            root.set(ConfigSections.CLASSES, ConfigSections.encodeClasses(all));
            printJson(root);
            return;
        }
        if (all.isEmpty()) {
            print("No traffic classes (every flow is treated as in the paper)");
            return;
        }
        print(ROW, "name", "proto", "src", "dst", "sport", "dport", "dscp", "policy");
        for (TrafficClass c : all) {
            print(ROW, c.name(), c.protocol() == TrafficClass.ANY_PROTOCOL ? "any" : c.protocol() == 6 ? "tcp" : "udp",
                    c.src() == null ? "any" : c.src(), c.dst() == null ? "any" : c.dst(), ports(c.srcPorts()),
                    ports(c.dstPorts()), dscp(c.dscp()), policy(c.policy()));
        }
    }

    private static String ports(int[] range) {
        return range[0] == 0 && range[1] == 65535 ? "any" : range[0] == range[1] ? Integer.toString(range[0])
                : range[0] + "-" + range[1];
    }

    private static String dscp(int[] values) {
        return values.length == 0 ? "any" : Arrays.stream(values).mapToObj(Integer::toString)
                .collect(Collectors.joining(","));
    }

    private static String policy(FlowPolicy p) {
        if (p.exempt()) {
            return "exempt";
        }
        StringBuilder s = new StringBuilder("weight ").append(p.weight());
        if (p.minBps() > 0) {
            s.append(", min ").append(rate((long) p.minBps()));
        }
        if (p.capBps() < Double.POSITIVE_INFINITY) {
            s.append(", cap ").append(rate((long) p.capBps()));
        }
        return s.toString();
    }
}
