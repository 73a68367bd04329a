// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.protocol.FlowIds;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the UDP allocations: what each facility's enforcer was told, whether it put it in force, and
 * why a switch refused a flow a meter.
 */
@Service
@Command(scope = "onos", name = "fudp-allocations",
        description = "Lists UDP rate limits: what each adjustor or switch meter was told, what is in force, "
                + "what was refused")
public class AllocationsCommand extends FudpCommand {

    private static final String ROW = "%-20s %-44s %9s %6s %-7s %-12s %s";

    @Override
    protected void run() {
        List<AllocationState> all = fudp().getAllocations().stream()
                .sorted(Comparator.comparing((AllocationState a) -> a.facilityId())
                        .thenComparing(a -> FlowIds.id(a.flow())))
                .collect(Collectors.toList());
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("allocations");
            all.forEach(a -> array.add(codec(AllocationState.class).encode(a, this)));
            printJson(root);
            return;
        }
        if (all.isEmpty()) {
            print("No allocations (every UDP flow is inside its fairness band or the loop is off)");
            return;
        }
        print(ROW, "facility", "flow", "limit", "seq", "acked", "decided", "refused");
        for (AllocationState a : all) {
            String acked = !a.refusal().isEmpty() ? "refused" : a.acknowledged() ? "yes" : "no";
            print(ROW, a.facilityId(), FlowIds.id(a.flow()), rate(a.toldBps()),
                    a.dryRun() ? "dry" : Long.toString(a.toldSeq()), acked, time(a.toldAtMs()),
                    a.refusal().isEmpty() ? "-" : a.refusal());
        }
    }
}
