// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FlowIds;
import org.fudp.codec.FudpQueries;

import java.util.List;

/**
 * Lists the flows FUDP tracks, optionally filtered, or shows one; each UDP flow with what its responsiveness
 * test makes it, and one flow shown alone with what its tests found.
 */
@Service
@Command(scope = "onos", name = "fudp-flows",
        description = "Lists the flows FUDP tracks at its facilities, or shows one")
public class FlowsCommand extends FudpCommand {

    private static final String ROW = "%-44s %-20s %-24s %9s %9s %9s  %-20s %-12s %-10s %s";

    @Argument(name = "flowId", description = "Flow id, PROTO-SRC-SRCPORT-DST-DSTPORT")
    @Completion(FlowIdCompleter.class)
    String flowId = null;

    @Option(name = "-p", aliases = "--protocol", description = "Only flows of this protocol (tcp, udp)")
    @Completion(value = StringsCompleter.class, values = {"tcp", "udp"})
    String protocol = null;

    @Option(name = "-c", aliases = "--cfs", description = "Only flows of this correlation flow set")
    @Completion(CfsIdCompleter.class)
    String cfs = null;

    @Option(name = "-f", aliases = "--facility", description = "Only flows seen at this facility device")
    @Completion(FacilityDeviceCompleter.class)
    String facility = null;

    @Override
    protected void run() {
        if (flowId != null) {
            FlowRecord r = FudpQueries.flow(fudp(), flowId);
            if (outputJson()) {
                printJson(codec(FlowRecord.class).encode(r, this));
            } else {
                header();
                row(r);
                if (!r.responsiveEvidence().isEmpty()) {
                    print("responsiveness test: %s", r.responsiveEvidence());
                }
            }
            return;
        }
        List<FlowRecord> flows = FudpQueries.flows(fudp(), protocol, cfs, facility);
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("flows");
            flows.forEach(r -> array.add(codec(FlowRecord.class).encode(r, this)));
            printJson(root);
            return;
        }
        if (flows.isEmpty()) {
            print("No flows");
            return;
        }
        header();
        flows.forEach(this::row);
    }

    private void header() {
        print(ROW, "id", "facility", "cfs", "rate", "demand", "limit", "since", "responds", "class", "why");
    }

    private void row(FlowRecord r) {
        print(ROW, FlowIds.id(r.flow()), r.facilityId(), r.cfsId().isEmpty() ? "-" : r.cfsId(),
                r.rateKnown() ? rate(r.throughputBps()) : "?", r.rateKnown() ? rate(r.demandBps()) : "?",
                r.allocationBps().isPresent() ? rate(r.allocationBps().getAsLong()) : "-", time(r.sinceMs()),
                r.responsiveness().isEmpty() ? "-" : r.responsiveness(), r.className().isEmpty() ? "-" : r.className(),
                r.rateReason());
    }
}
