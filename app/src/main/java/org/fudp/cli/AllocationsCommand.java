package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.AllocationState;
import org.fudp.protocol.FlowIds;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the UDP allocations: what each adjustor was told and whether it acknowledged.
 */
@Service
@Command(scope = "onos", name = "fudp-allocations",
        description = "Lists UDP rate limits: what each adjustor was told and what it acknowledged")
public class AllocationsCommand extends FudpCommand {

    private static final String ROW = "%-20s %-44s %9s %6s %-5s %s";

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
        print(ROW, "facility", "flow", "limit", "seq", "acked", "decided");
        for (AllocationState a : all) {
            print(ROW, a.facilityId(), FlowIds.id(a.flow()), rate(a.toldBps()),
                    a.dryRun() ? "dry" : Long.toString(a.toldSeq()), a.acknowledged() ? "yes" : "no",
                    time(a.toldAtMs()));
        }
    }
}
