// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.fudp.agent.config.FailSafeAction;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.tc.CommandResult;
import org.fudp.agent.tc.HtbFlowShaper;
import org.fudp.agent.tc.ShaperOptions;
import org.fudp.agent.tc.TcRunner;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.SnapshotAssembler;

/**
 * Coverage-guided fuzzing of the agent's frame-to-plan path without tc: frame payloads go through
 * {@link FrameVerifier#verify} into {@link AdjustorControl#onMessage}, whose shaper is the real
 * {@link HtbFlowShaper} (planner, tc batch rendering) over a command runner that runs nothing and reports success.
 *
 * <p>The input is a sequence of frame payloads back to back, each as long as its header's body length says;
 * every frame is re-signed with the test vectors' key it names, so the fuzzer reaches the control logic, and the
 * clock steps 500 ms a frame with a fail-safe tick after each. Seeds in {@code AdjustorControlFuzzTestInputs} are
 * runs of the vectors' frames. After every frame: no exception escapes; the limits in force name each flow once,
 * with rate and burst at least 1, only flows some accepted frame named, and equal what the shaper holds (bursts
 * raised to the shaper's minimum); an
 * APPLIED ACK reports the limits in force and an APPLY_FAILED one leaves what the shaper holds unchanged.
 */
class AdjustorControlFuzzTest {

    static {
        // Thousands of rejected frames a second: keep the agent's per-frame warnings out of the fuzzer's way.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
    }

    private static final String VECTORS = "/org/fudp/protocol/test-vectors.json";
    private static final long START_MILLIS = 1_700_000_000_123L;
    private static final long AGENT_ID = 99;
    private static final Map<Integer, byte[]> KEY_BYTES = new HashMap<>();
    private static final KeyRing KEYS = loadKeys();
    /** One HMAC per key id, reused: the fuzzer runs single-threaded. */
    private static final Map<Integer, Mac> MACS = new HashMap<>();

    @FuzzTest(maxDuration = "30s")
    void onMessage(byte[] input) throws Exception {
        MutableClock clock = new MutableClock(START_MILLIS);
        TcRunner tc = new TcRunner((argv, stdin, timeout) -> new CommandResult(0, "", ""), "tc", null,
                Duration.ofSeconds(5));
        HtbFlowShaper shaper = new HtbFlowShaper(tc, "veth1", ShaperOptions.DEFAULTS);
        FrameVerifier verifier = new FrameVerifier(KEYS, 1500, 120_000, clock);
        AdjustorControl control = new AdjustorControl(shaper, new SnapshotAssembler(4, 10_000, 5000, clock),
                verifier, new AgentMetrics(), clock, AGENT_ID, 10_000, FailSafeAction.CLEAR, null);
        Set<FiveTuple> named = new HashSet<>();
        ByteBuffer in = ByteBuffer.wrap(input);
        while (in.remaining() >= 92) {
            int length = Math.min(in.remaining(), 92 + (in.getShort(in.position() + 58) & 0xFFFF));
            byte[] payload = new byte[length];
            in.get(payload);
            resign(payload);
            ControlMessage m;
            try {
                m = verifier.verify(payload);
            } catch (FrameRejectedException e) {
                assertNotNull(e.reason());
                m = null;
            }
            if (m != null) {
                for (LimitEntry e : m.entries()) {
                    named.add(e.flow());
                }
                Set<FlowLimit> before = shaper.current();
                byte[] source = {2, 0, 0, 0, 0, (byte) (m.header().senderId() & 0xFF)};
                for (AckStatus ack : control.onMessage(m, source)) {
                    assertNotNull(ack.result());
                    if (ack.result() == AckResult.APPLIED) {
                        assertEquals(control.limits().size(), ack.flowsLimited(), "an APPLIED ACK counts the limits");
                    } else if (ack.result() == AckResult.APPLY_FAILED) {
                        // The data plane, not the agent's report: after a failure the agent re-reads the
                        // shaper, whose bursts are raised to the minimum.
                        assertEquals(before, shaper.current(), "a failed apply changed the data plane");
                    }
                }
            }
            clock.advance(500);
            control.onTick();
            checkLimits(control, shaper, named);
        }
    }

    private static void checkLimits(AdjustorControl control, HtbFlowShaper shaper, Set<FiveTuple> named) {
        List<FlowLimit> limits = control.limits();
        Set<FiveTuple> flows = new HashSet<>();
        for (FlowLimit l : limits) {
            assertTrue(flows.add(l.flow()), "a flow limited twice");
            assertTrue(l.rateBps() >= 1 && l.burstBytes() >= 1, "rate and burst at least 1");
            assertTrue(named.contains(l.flow()), "a limit no accepted frame asked for");
        }
        // The shaper raises a burst below shape.min-burst-bytes to it (ShaperOptions); rates and flows are exact.
        Set<FlowLimit> expected = new HashSet<>();
        for (FlowLimit l : limits) {
            long minBurst = shaper.options().minBurstBytes();
            expected.add(new FlowLimit(l.flow(), l.rateBps(), Math.max(l.burstBytes(), minBurst)));
        }
        assertEquals(expected, shaper.current(), "the shaper holds what the agent says is in force");
    }

    /** Writes the MAC a holder of the header's key would compute, if the ring holds that key. */
    private static void resign(byte[] payload) {
        ByteBuffer b = ByteBuffer.wrap(payload);
        byte[] key = KEY_BYTES.get(b.getInt(8));
        int signed = 60 + (b.getShort(58) & 0xFFFF);
        if (key == null || signed + 32 > payload.length) {
            return;
        }
        Mac mac = MACS.computeIfAbsent(b.getInt(8), id -> hmac(key));
        mac.update(payload, 0, signed);
        System.arraycopy(mac.doFinal(), 0, payload, signed, 32);
    }

    private static Mac hmac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyRing loadKeys() {
        try (InputStream in = AdjustorControlFuzzTest.class.getResourceAsStream(VECTORS)) {
            JsonNode root = new ObjectMapper().readTree(in);
            for (JsonNode k : root.get("keys")) {
                KEY_BYTES.put(k.get("keyId").asInt(), Hex.decode(k.get("key").asText()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return KeyRing.of(KEY_BYTES, 1);
    }
}
