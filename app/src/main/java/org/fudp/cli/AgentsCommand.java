package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.AgentState;
import org.fudp.loop.Facility;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists each facility's enforcer, the adjustor agent or the switch's meters, with its liveness and
 * acknowledgement state; for meters, the flows the switch refused one.
 */
@Service
@Command(scope = "onos", name = "fudp-agents",
        description = "Lists the FUDP enforcers (adjustor agents, switch meters): state, heartbeat, acknowledged "
                + "snapshot, rejects or unmetered flows, why")
public class AgentsCommand extends FudpCommand {

    private static final String ROW = "%-20s %-8s %-7s %-24s %6s %6s %7s  %-14s %s";

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
        print(ROW, "facility", "enforcer", "status", "last heartbeat", "sent", "acked", "resends",
                "rejected", "why");
        for (AgentState a : all) {
            boolean metered = a.enforcement() == Facility.Enforcement.METER;
            String rejected = metered ? a.unmetered() + " unmetered"
                    : a.rejectedFrames().isEmpty() ? "none" : a.rejectedFrames().toString();
            print(ROW, a.facilityId(), metered ? "meters" : "adjustor", a.status(),
                    metered ? "-" : time(a.lastHeartbeatMs()), a.lastSentSeq(), a.lastAckedSeq(), a.resends(),
                    rejected, a.reason().isEmpty() ? "-" : a.reason());
        }
    }
}
