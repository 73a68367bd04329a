// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The codec reproduces the shared test vectors byte for byte and decodes them back.
 */
class TestVectorsTest {

    private final JsonNode root = TestVectors.load();
    private final KeyRing keys = TestVectors.keys(root);

    @Test
    void encodingEachVectorGivesItsBytes() {
        for (JsonNode v : root.get("frames")) {
            byte[] expected = Hex.decode(v.get("payload").asText());
            assertEquals(Hex.encode(expected), Hex.encode(FrameCodec.encode(TestVectors.message(v), keys)),
                    v.get("name").asText());
        }
    }

    @Test
    void decodingEachVectorGivesItsFields() throws FrameRejectedException {
        for (JsonNode v : root.get("frames")) {
            byte[] payload = Hex.decode(v.get("payload").asText());
            assertEquals(TestVectors.message(v), FrameCodec.decode(payload, keys, FrameCodec.MAX_PAYLOAD_BYTES),
                    v.get("name").asText());
        }
    }

    @Test
    void ethernetVectorsWrapTheirPayload() {
        for (JsonNode v : root.get("ethernet")) {
            byte[] payload = Hex.decode(TestVectors.frame(root, v.get("payloadOf").asText()).get("payload").asText());
            byte[] frame = Hex.decode(v.get("frame").asText());
            byte[] built = EthernetFrame.build(EthernetFrame.parseMac(v.get("dst").asText()),
                    EthernetFrame.parseMac(v.get("src").asText()), v.get("etherType").asInt(), payload);
            assertArrayEquals(frame, built, v.get("name").asText());
            EthernetFrame parsed = EthernetFrame.parse(frame);
            assertEquals(v.get("etherType").asInt(), parsed.etherType());
            assertArrayEquals(payload, parsed.payload());
        }
    }

    /** Spec section 7, "Checking the vectors with a fixed clock" (issue 15). */
    @Test
    void frameVectorsPassAVerifierWhoseClockIsFixedAsTheSpecSays() throws FrameRejectedException {
        java.time.Clock fixed = java.time.Clock.fixed(java.time.Instant.ofEpochMilli(1_700_000_002_000L),
                java.time.ZoneOffset.UTC);
        FrameVerifier verifier = new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES, 2_000, fixed);
        for (JsonNode v : root.get("frames")) {
            verifier.verify(Hex.decode(v.get("payload").asText()));
        }
        assertEquals(root.get("frames").size(), verifier.acceptedCount());
        for (JsonNode v : root.get("invalid")) {
            FrameRejectedException e = assertThrows(FrameRejectedException.class,
                () -> verifier.verify(Hex.decode(v.get("payload").asText())), v.get("name").asText());
            assertEquals(RejectReason.valueOf(v.get("reason").asText()), e.reason(), v.get("name").asText());
        }
        // With the real clock and the agent's default skew, every one is STALE_TIMESTAMP.
        FrameVerifier now = new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES, 30_000,
                java.time.Clock.systemUTC());
        JsonNode first = root.get("frames").get(0);
        assertEquals(RejectReason.STALE_TIMESTAMP, assertThrows(FrameRejectedException.class,
            () -> now.verify(Hex.decode(first.get("payload").asText()))).reason());
    }

    @Test
    void invalidVectorsAreRejectedForTheirReason() {
        for (JsonNode v : root.get("invalid")) {
            byte[] payload = Hex.decode(v.get("payload").asText());
            FrameRejectedException e = assertThrows(FrameRejectedException.class,
                () -> FrameCodec.decode(payload, keys, FrameCodec.MAX_PAYLOAD_BYTES), v.get("name").asText());
            assertEquals(RejectReason.valueOf(v.get("reason").asText()), e.reason(), v.get("name").asText());
        }
    }

    @Test
    void scenarioFramesAreTheirFieldsEncodedAndPassAVerifierWithAFixedClock() throws FrameRejectedException {
        for (JsonNode scenario : root.get("scenarios")) {
            // The scenario's convention: a fixed clock set to each step's time, the skew check on.
            MutableClock clock = new MutableClock(scenario.get("receiver").get("startMillis").asLong());
            FrameVerifier verifier = new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES,
                    scenario.get("receiver").get("maxClockSkewMillis").asLong(), clock);
            int frames = 0;
            for (JsonNode step : scenario.get("steps")) {
                clock.set(step.get("atMillis").asLong());
                if (!step.has("frame")) {
                    assertEquals("tick", step.get("action").asText());
                    continue;
                }
                JsonNode v = step.get("frame");
                String name = v.get("name").asText();
                assertEquals("receive", step.get("action").asText(), name);
                byte[] payload = Hex.decode(v.get("payload").asText());
                assertEquals(Hex.encode(payload), Hex.encode(FrameCodec.encode(TestVectors.message(v), keys)), name);
                assertEquals(TestVectors.message(v), verifier.verify(payload), name);
                assertEquals(step.get("atMillis").asLong(), v.get("timestampMillis").asLong(), name);
                frames++;
            }
            assertEquals(frames, verifier.acceptedCount());
            assertTrue(frames > 0);
        }
    }

    /** An expected ACK given as a whole frame is the step's expected ACK body, encoded and signed. */
    @Test
    void scenarioAckFramesAreTheirFieldsEncodedAndCarryTheStepsExpectedAck() throws FrameRejectedException {
        int ackFrames = 0;
        for (JsonNode scenario : root.get("scenarios")) {
            for (JsonNode step : scenario.get("steps")) {
                JsonNode v = step.get("expect").get("ackFrame");
                if (v == null) {
                    continue;
                }
                String name = v.get("name").asText();
                byte[] payload = Hex.decode(v.get("payload").asText());
                assertEquals(Hex.encode(payload), Hex.encode(FrameCodec.encode(TestVectors.message(v), keys)), name);
                assertEquals(TestVectors.message(v), FrameCodec.decode(payload, keys, FrameCodec.MAX_PAYLOAD_BYTES),
                        name);
                assertEquals(step.get("expect").get("ack"), v.get("ack"), name + ": the step's expected ACK");
                assertEquals(scenario.get("receiver").get("senderId"), v.get("senderId"), name + ": the receiver's");
                assertEquals(step.get("atMillis").asLong(), v.get("timestampMillis").asLong(), name);
                ackFrames++;
            }
        }
        assertTrue(ackFrames > 0, "a scenario gives an ACK as a frame");
    }

    @Test
    void fragmentVectorsReassembleIntoOneSnapshot() throws FrameRejectedException {
        SnapshotAssembler assembler = new SnapshotAssembler(4, 1000, 1000, java.time.Clock.systemUTC());
        ControlMessage f1 = FrameCodec.decode(Hex.decode(TestVectors.frame(root, "snapshot-fragment-1-of-2")
                .get("payload").asText()), keys, 1500);
        ControlMessage f0 = FrameCodec.decode(Hex.decode(TestVectors.frame(root, "snapshot-fragment-0-of-2")
                .get("payload").asText()), keys, 1500);
        assertEquals(java.util.Optional.empty(), assembler.offer(f1));
        Snapshot s = assembler.offer(f0).orElseThrow();
        assertEquals(43, s.snapshotId());
        assertEquals(3, s.lastSequence());
        assertEquals(2, s.limits().size());
        assertEquals(f0.entries().get(0).limit(), s.limits().get(0));
    }
}
