package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.AgentState;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the adjustor agents with their liveness and acknowledgement state.
 */
@Service
@Command(scope = "onos", name = "fudp-agents",
        description = "Lists the FUDP adjustor agents: state, heartbeat, acknowledged snapshot, rejects, why")
public class AgentsCommand extends FudpCommand {

    private static final String ROW = "%-20s %-7s %-24s %6s %6s %7s  %-14s %s";

    @Override
    protected void run() {
        List<AgentState> all = fudp().getAgents().stream()
                .sorted(Comparator.comparing(a -> a.facilityId())).collect(Collectors.toList());
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("agents");
            all.forEach(a -> array.add(codec(AgentState.class).encode(a, this)));
            printJson(root);
            return;
        }
        if (all.isEmpty()) {
            print("No agents (no facility is configured)");
            return;
        }
        print(ROW, "facility", "status", "last heartbeat", "sent", "acked", "resends", "rejected", "why");
        for (AgentState a : all) {
            print(ROW, a.facilityId(), a.status(), time(a.lastHeartbeatMs()), a.lastSentSeq(), a.lastAckedSeq(),
                    a.resends(), a.rejectedFrames().isEmpty() ? "none" : a.rejectedFrames().toString(),
                    a.reason().isEmpty() ? "-" : a.reason());
        }
    }
}
