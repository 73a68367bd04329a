// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads the shared test vectors, {@code org/fudp/protocol/test-vectors.json}, and turns their
 * field descriptions into messages.
 */
final class TestVectors {

    static final String RESOURCE = "/org/fudp/protocol/test-vectors.json";

    private TestVectors() {
    }

    static JsonNode load() {
        try (InputStream in = TestVectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the test class path");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static KeyRing keys(JsonNode root) {
        Map<Integer, byte[]> keys = new HashMap<>();
        for (JsonNode k : root.get("keys")) {
            keys.put(k.get("keyId").asInt(), Hex.decode(k.get("key").asText()));
        }
        return KeyRing.of(keys, 1);
    }

    static ControlMessage message(JsonNode v) {
        FrameHeader h = FrameHeader.builder(MessageType.valueOf(v.get("type").asText()))
                .keyId(v.get("keyId").asInt()).senderId(v.get("senderId").asLong()).epoch(v.get("epoch").asLong())
                .sequence(v.get("sequence").asLong()).timestampMillis(v.get("timestampMillis").asLong())
                .snapshotId(v.get("snapshotId").asLong())
                .fragment(v.get("fragmentIndex").asInt(), v.get("fragmentCount").asInt()).build();
        if (h.type() == MessageType.ACK) {
            JsonNode a = v.get("ack");
            Map<RejectReason, Long> rejects = new EnumMap<>(RejectReason.class);
            for (Iterator<Map.Entry<String, JsonNode>> it = a.get("rejects").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                rejects.put(RejectReason.valueOf(e.getKey()), e.getValue().asLong());
            }
            String acked = a.get("ackedType").asText();
            return ControlMessage.ofAck(h, new AckStatus(acked.isEmpty() ? null : MessageType.valueOf(acked),
                    AckResult.valueOf(a.get("result").asText()), a.get("ackedSenderId").asLong(),
                    a.get("ackedEpoch").asLong(), a.get("ackedSequence").asLong(),
                    a.get("lastAppliedSnapshotId").asLong(), a.get("lastAppliedSequence").asLong(),
                    a.get("flowsLimited").asLong(), a.get("framesAccepted").asLong(), rejects));
        }
        List<LimitEntry> entries = new ArrayList<>();
        for (JsonNode e : v.get("entries")) {
            FiveTuple f = new FiveTuple(e.get("protocol").asInt(), address(e.get("src").asText()),
                    address(e.get("dst").asText()), e.get("srcPort").asInt(), e.get("dstPort").asInt());
            entries.add(EntryOp.valueOf(e.get("op").asText()) == EntryOp.ADD
                    ? LimitEntry.add(new FlowLimit(f, e.get("rateBps").asLong(), e.get("burstBytes").asLong()))
                    : LimitEntry.remove(f));
        }
        return ControlMessage.of(h, entries);
    }

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    static JsonNode frame(JsonNode root, String name) {
        for (JsonNode v : root.get("frames")) {
            if (v.get("name").asText().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no frame vector " + name);
    }

    /**
     * Returns every hex string of the vectors by name: frames, Ethernet frames and invalid frames.
     *
     * @param root the vectors
     * @return hex by vector name, in file order
     */
    static Map<String, String> hexByName(JsonNode root) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (JsonNode v : root.get("frames")) {
            out.put(v.get("name").asText(), v.get("payload").asText());
        }
        for (JsonNode v : root.get("ethernet")) {
            out.put(v.get("name").asText(), v.get("frame").asText());
        }
        for (JsonNode v : root.get("invalid")) {
            out.put(v.get("name").asText(), v.get("payload").asText());
        }
        for (JsonNode v : scenarioFrames(root)) {
            out.put(v.get("name").asText(), v.get("payload").asText());
        }
        return out;
    }

    /**
     * Returns the frames of every scenario's steps, in file order: each receive step's frame, then
     * the ACK it expects as a whole frame ({@code expect.ackFrame}) where the step gives one. Each
     * has the fields of a {@code frames} vector, so {@link #message} reads it.
     *
     * @param root the vectors
     * @return frame vectors
     */
    static List<JsonNode> scenarioFrames(JsonNode root) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode scenario : root.get("scenarios")) {
            for (JsonNode step : scenario.get("steps")) {
                if (step.has("frame")) {
                    out.add(step.get("frame"));
                }
                if (step.get("expect").has("ackFrame")) {
                    out.add(step.get("expect").get("ackFrame"));
                }
            }
        }
        return out;
    }
}
