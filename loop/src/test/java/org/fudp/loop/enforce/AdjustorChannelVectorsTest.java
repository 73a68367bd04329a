// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.Hex;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The controller's side of the protocol's shared scenario vectors (from the fudp-protocol
 * test-jar): the ACK the agent sends for a SNAPSHOT that reused a snapshot id, decoded as the
 * loop decodes an agent's frame (docs/protocol.md, section 4, "Reused snapshot id").
 */
class AdjustorChannelVectorsTest {

    private static final int ETHER_TYPE = 0x88b5;
    private static final byte[] AGENT_MAC = {0x02, 0, 0, 0, 0, 0x63};

    private static JsonNode vectors() throws IOException {
        try (InputStream in = AdjustorChannelVectorsTest.class.getResourceAsStream(
                "/org/fudp/protocol/test-vectors.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    private static JsonNode scenario(JsonNode vectors, String name) {
        for (JsonNode s : vectors.get("scenarios")) {
            if (s.get("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scenario " + name);
    }

    /** The vectors' keys as a key file, the form the loop reads. */
    private static String keyText(JsonNode vectors) {
        StringBuilder text = new StringBuilder();
        for (JsonNode k : vectors.get("keys")) {
            text.append(k.get("keyId").asInt()).append(" = ").append(k.get("key").asText()).append('\n');
        }
        return text.toString();
    }

    /** The channel of a scenario's controller, its verifier's clock at the step's time. */
    private static AdjustorChannel channel(JsonNode vectors, JsonNode controller, long now) {
        return new AdjustorChannel(keyText(vectors), controller.get("senderId").asLong(),
                controller.get("epoch").asLong(), ETHER_TYPE, new MutableClock(now));
    }

    @Test
    void theAckOfASnapshotThatReusedAnIdIsOneRefusalOfThatSnapshot() throws IOException {
        JsonNode vectors = vectors();
        JsonNode scenario = scenario(vectors, "snapshot-id-reuse");
        JsonNode controller = scenario.get("controllers").get(0);
        JsonNode refusing = null;
        int acksExpected = 0;
        for (JsonNode step : scenario.get("steps")) {
            if (step.get("expect").has("ackFrame")) {
                refusing = step;
            }
            acksExpected += step.get("expect").get("ack").isNull() ? 0 : 1;
        }
        assertNotNull(refusing, "the scenario gives the REFUSED ACK as a frame");
        JsonNode reusing = refusing.get("frame");
        assertEquals(3, acksExpected, "an ACK per complete snapshot, none for the reused one's first fragment");

        long now = refusing.get("atMillis").asLong();
        AdjustorChannel channel = channel(vectors, controller, now);
        byte[] frame = EthernetFrame.build(AdjustorChannel.CONTROLLER_MAC, AGENT_MAC, ETHER_TYPE,
                Hex.decode(refusing.get("expect").get("ackFrame").get("payload").asText()));
        AdjustorChannel.Received r = channel.receive(frame);
        assertNull(r.rejected, "verified");
        assertFalse(r.ignore);
        AckStatus ack = r.ack;
        assertNotNull(ack);
        assertTrue(channel.answersUs(ack), "it answers this controller's snapshot");
        assertEquals(MessageType.SNAPSHOT, ack.ackedType());
        assertEquals(AckResult.REFUSED, ack.result());
        // The snapshot it refuses: the one whose last fragment has the acked sequence.
        assertEquals(reusing.get("sequence").asLong(), ack.ackedSequence());
        assertEquals(reusing.get("fragmentCount").asInt() - 1, reusing.get("fragmentIndex").asInt());
        // The agent still holds the snapshot that first used the id.
        long reusedId = reusing.get("snapshotId").asLong();
        assertEquals(reusedId, ack.lastAppliedSnapshotId());
        assertEquals(reusedId, r.agentSnapshotId);

        // The loop takes it for a snapshot not applied, counted once.
        Facility facility = new Facility(LoopHarness.S1, LoopHarness.ADJUSTOR, LoopHarness.BACK,
                LoopHarness.ADJUSTOR_MAC, 1);
        // A fresh channel: the first one's replay state has seen the frame.
        LoopSettings asTheVector = LoopSettings.builder().senderId(controller.get("senderId").asLong())
                .controlEtherType(ETHER_TYPE).build();
        AdjustorBackend backend = new AdjustorBackend(asTheVector, keyText(vectors), controller.get("epoch").asLong(),
                new MutableClock(now));
        Actions out = new Actions();
        backend.setFacilities(List.of(facility), now, out);
        assertFalse(backend.receive(now, facility.id(), frame, out), "not an acknowledgement of the desired state");
        AgentState agent = out.agents().get(facility.id());
        assertEquals(Long.valueOf(1), agent.rejectedFrames().get("agent:REFUSED"));
        assertTrue(agent.reason().contains("not applied: REFUSED"), agent.reason());
    }
}
