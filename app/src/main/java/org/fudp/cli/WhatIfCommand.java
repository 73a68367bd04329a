// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.FileCompleter;
import org.fudp.algorithm.whatif.WhatIfInputException;
import org.fudp.algorithm.whatif.WhatIfRunner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.Map;

/**
 * Runs the FUDP algorithm over recorded periods in a file, as tools/fudp-whatif does, and shows
 * the decisions; the running controller is not touched.
 */
@Service
@Command(scope = "onos", name = "fudp-whatif",
        description = "Shows what FUDP would decide over recorded periods (tools/fudp-whatif input format)")
public class WhatIfCommand extends FudpCommand {

    private static final String ROW = "%6s %-24s %9s %9s %-21s %9s %-5s %s";

    @Argument(name = "file", description = "What-if input: JSON file on the controller", required = true)
    @Completion(FileCompleter.class)
    String file = null;

    @Override
    protected void run() {
        ObjectNode result;
        Path path = Paths.get(file);
        try (InputStream in = Files.newInputStream(path)) {
            result = WhatIfRunner.run(in).toJson();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("file: " + file + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("file: cannot read " + file + ": " + e.getMessage(), e);
        } catch (WhatIfInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (outputJson()) {
            printJson(result);
            return;
        }
        print(ROW, "period", "cfs", "W", "D", "band (per flow)", "udp avg", "fair", "allocations");
        int p = 0;
        for (JsonNode period : result.get("periods")) {
            p++;
            for (JsonNode d : period.get("cfs")) {
                print(ROW, p, d.get("id").asText(), bps(d.get("predictedTcpBps")), bps(d.get("deviationBps")),
                        bps(d.get("bandLowBps")) + ".." + bps(d.get("bandHighBps")), bps(d.get("udpAverageBps")),
                        d.get("fair").asBoolean() ? "yes" : "no", allocations(d.get("allocations")));
            }
        }
    }

    private static String bps(JsonNode v) {
        return v == null || v.isNull() ? "-" : rate(Math.round(v.asDouble()));
    }

    private static String allocations(JsonNode a) {
        StringBuilder sb = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> it = a.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(bps(e.getValue()));
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }
}
