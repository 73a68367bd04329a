// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fudp.agent.config.FailSafeAction;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.SnapshotAssembler;
import org.junit.jupiter.api.Test;

/**
 * Replays the scenario vectors of the protocol's shared test vectors (from the fudp-protocol
 * test-jar) through the real control logic and checks every expected result of every step.
 */
class ScenarioVectorsTest {

    private static JsonNode vectors() throws IOException {
        try (InputStream in = ScenarioVectorsTest.class.getResourceAsStream("/org/fudp/protocol/test-vectors.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    void everyScenarioStepGivesItsExpectedResult() throws Exception {
        JsonNode root = vectors();
        Map<Integer, byte[]> keyBytes = new HashMap<>();
        for (JsonNode k : root.get("keys")) {
            keyBytes.put(k.get("keyId").asInt(), Hex.decode(k.get("key").asText()));
        }
        KeyRing keys = KeyRing.of(keyBytes, 1);
        assertTrue(root.get("scenarios").size() > 0);
        for (JsonNode scenario : root.get("scenarios")) {
            replay(scenario, keys);
        }
    }

    private static void replay(JsonNode scenario, KeyRing keys) throws FrameRejectedException {
        JsonNode r = scenario.get("receiver");
        MutableClock clock = new MutableClock(r.get("startMillis").asLong());
        FakeShaper shaper = new FakeShaper();
        FrameVerifier verifier = new FrameVerifier(keys, 9000, r.get("maxClockSkewMillis").asLong(), clock);
        AdjustorControl control = new AdjustorControl(shaper, new SnapshotAssembler(4, 10_000, 5000, clock),
                verifier, new AgentMetrics(), clock, r.get("senderId").asLong(),
                r.get("failSafeSilenceMillis").asLong(), FailSafeAction.valueOf(r.get("failSafeAction").asText()),
                null);
        Map<String, byte[]> macs = new HashMap<>();
        for (JsonNode c : scenario.get("controllers")) {
            macs.put(c.get("name").asText(), EthernetFrame.parseMac(c.get("mac").asText()));
        }
        int n = 0;
        for (JsonNode step : scenario.get("steps")) {
            n++;
            String where = scenario.get("name").asText() + " step " + n + " (" + step.get("what").asText() + ")";
            clock.set(step.get("atMillis").asLong());
            List<AckStatus> acks = new ArrayList<>();
            if ("receive".equals(step.get("action").asText())) {
                byte[] payload = Hex.decode(step.get("frame").get("payload").asText());
                acks.addAll(control.onMessage(verifier.verify(payload), macs.get(step.get("from").asText())));
            } else {
                assertEquals("tick", step.get("action").asText(), where);
                control.onTick().ifPresent(acks::add);
            }
            JsonNode e = step.get("expect");
            if (e.get("ack").isNull()) {
                assertEquals(List.of(), acks, where);
            } else {
                assertEquals(1, acks.size(), where + ": " + acks);
                checkAck(e.get("ack"), acks.get(0), where);
            }
            Set<FlowLimit> limits = limits(e.get("limits"));
            assertEquals(limits, Set.copyOf(control.limits()), where + ": limits in force");
            assertEquals(limits, shaper.current(), where + ": limits the shaper holds");
            JsonNode c = e.get("inCharge");
            assertEquals(Optional.of(new ControllerId(c.get("senderId").asLong(), c.get("epoch").asLong())),
                    control.controllerInCharge(), where + ": controller in charge");
            assertEquals(e.get("replyMac").asText(), EthernetFrame.formatMac(control.replyMac().orElseThrow()),
                    where + ": reply address");
            assertEquals(e.get("failSafeActive").asBoolean(), control.failSafeActive(), where + ": fail-safe");
        }
        assertFalse(n == 0, "a scenario has steps");
    }

    private static void checkAck(JsonNode x, AckStatus a, String where) {
        String type = x.get("ackedType").asText();
        assertEquals(type, a.ackedType() == null ? "" : a.ackedType().name(), where + ": acked type");
        assertEquals(x.get("result").asText(), a.result().name(), where + ": result");
        assertEquals(x.get("ackedSenderId").asLong(), a.ackedSenderId(), where + ": acked sender");
        assertEquals(x.get("ackedEpoch").asLong(), a.ackedEpoch(), where + ": acked epoch");
        assertEquals(x.get("ackedSequence").asLong(), a.ackedSequence(), where + ": acked sequence");
        assertEquals(x.get("lastAppliedSnapshotId").asLong(), a.lastAppliedSnapshotId(), where + ": applied id");
        assertEquals(x.get("lastAppliedSequence").asLong(), a.lastAppliedSequence(), where + ": applied sequence");
        assertEquals(x.get("flowsLimited").asLong(), a.flowsLimited(), where + ": flows limited");
        assertEquals(x.get("framesAccepted").asLong(), a.framesAccepted(), where + ": frames accepted");
        assertEquals(x.get("rejects").size(), a.rejects().size(), where + ": reject counters");
    }

    private static Set<FlowLimit> limits(JsonNode list) {
        Set<FlowLimit> out = new HashSet<>();
        for (JsonNode l : list) {
            try {
                out.add(new FlowLimit(new FiveTuple(l.get("protocol").asInt(),
                        InetAddress.getByName(l.get("src").asText()), InetAddress.getByName(l.get("dst").asText()),
                        l.get("srcPort").asInt(), l.get("dstPort").asInt()), l.get("rateBps").asLong(),
                        l.get("burstBytes").asLong()));
            } catch (UnknownHostException ex) {
                throw new IllegalArgumentException(ex);
            }
        }
        return out;
    }
}
