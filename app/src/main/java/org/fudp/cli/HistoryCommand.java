// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.codec.FudpQueries;

import java.time.Instant;

/**
 * Shows the recent per-period history of a correlation flow set and its flows.
 */
@Service
@Command(scope = "onos", name = "fudp-history",
        description = "Shows the recent per-period rates, Jain's index and allocations of a correlation flow set")
public class HistoryCommand extends FudpCommand {

    private static final String ROW = "%-24s %9s %9s %9s %6s  %s";
    private static final String FLOW_ROW = "  %-24s %9s %9s %9s";

    @Argument(name = "cfsId", description = "Correlation flow set id", required = true)
    @Completion(CfsIdCompleter.class)
    String cfsId = null;

    @Option(name = "-s", aliases = "--since", description = "Only periods after this time, epoch milliseconds")
    long since = 0;

    @Option(name = "-n", aliases = "--periods", description = "Show at most the last N periods (text output)")
    int periods = 20;

    @Override
    protected void run() {
        if (since < 0) {
            throw new IllegalArgumentException("--since: must be epoch milliseconds (non-negative), was " + since);
        }
        if (periods < 1) {
            throw new IllegalArgumentException("--periods: must be at least 1, was " + periods);
        }
        ObjectNode doc = FudpQueries.history(fudp(), cfsId, since, this);
        if (outputJson()) {
            printJson(doc);
            return;
        }
        JsonNode set = doc.get("cfs").get(0);
        JsonNode samples = set.get("samples");
        print("%s: %d periods", cfsId, samples.size());
        print(ROW, "time", "tcp", "udp", "udp dem.", "jain", "state");
        for (int i = Math.max(0, samples.size() - periods); i < samples.size(); i++) {
            JsonNode s = samples.get(i);
            print(ROW, Instant.ofEpochMilli(s.get("timeMs").asLong()), rate(s.get("tcpBps").asLong()),
                    rate(s.get("udpBps").asLong()), rate(s.get("udpDemandBps").asLong()),
                    s.get("jainIndex").isNull() ? "-" : ratio(s.get("jainIndex").asDouble()),
                    s.get("state").asText());
        }
        for (JsonNode flow : set.get("flows")) {
            JsonNode fs = flow.get("samples");
            print("%s: %d periods", flow.get("id").asText(), fs.size());
            print(FLOW_ROW, "time", "rate", "demand", "limit");
            for (int i = Math.max(0, fs.size() - periods); i < fs.size(); i++) {
                JsonNode s = fs.get(i);
                print(FLOW_ROW, Instant.ofEpochMilli(s.get("timeMs").asLong()),
                        rate(s.get("throughputBps").asLong()), rate(s.get("demandBps").asLong()),
                        s.get("allocationBps").isNull() ? "-" : rate(s.get("allocationBps").asLong()));
            }
        }
    }
}
