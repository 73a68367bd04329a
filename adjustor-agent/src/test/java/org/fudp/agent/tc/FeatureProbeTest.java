// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FeatureProbeTest {

    private final List<String> calls = new ArrayList<>();

    private CommandRunner fake(boolean flower, boolean netns) {
        return (argv, stdin, timeout) -> {
            String line = String.join(" ", argv);
            calls.add(line);
            if (line.startsWith("ip netns add")) {
                return new CommandResult(netns ? 0 : 1, "", netns ? "" : "mount --make-shared failed");
            }
            if (line.contains(" flower ")) {
                return flower ? new CommandResult(0, "", "")
                        : new CommandResult(2, "", "Error: TC classifier not found.\n");
            }
            return new CommandResult(0, "", "");
        };
    }

    @Test
    void aKernelWithFlowerGetsFlower() {
        assertEquals(Classifier.FLOWER, new FeatureProbe(fake(true, true)).detect());
        assertTrue(calls.get(calls.size() - 1).startsWith("ip netns del fudp-probe-"), calls.toString());
    }

    @Test
    void aKernelWithoutFlowerGetsU32AndTheScratchNamespaceIsRemoved() {
        assertEquals(Classifier.U32, new FeatureProbe(fake(false, true)).detect());
        String ns = calls.get(0).substring("ip netns add ".length());
        assertEquals("ip netns del " + ns, calls.get(calls.size() - 1));
        assertTrue(calls.stream().filter(c -> c.startsWith("tc")).allMatch(c -> c.startsWith("tc -n " + ns + " ")));
    }

    @Test
    void withoutANamespaceTheProbeAnswersU32AndTouchesNothing() {
        assertEquals(Classifier.U32, new FeatureProbe(fake(true, false)).detect());
        assertEquals(1, calls.size());
    }

    @Test
    void theFullProbeReportsEachFeatureAndRemovesItsNamespace() {
        FeatureProbe.Features f = new FeatureProbe(fake(false, true)).probe();
        assertNull(f.notProbed());
        assertTrue(f.htb() && f.u32() && f.bridgePortFlags());
        assertFalse(f.flower());
        String ns = calls.get(0).substring("ip netns add ".length());
        assertEquals("ip netns del " + ns, calls.get(calls.size() - 1));
        assertTrue(calls.contains("bridge -n " + ns + " link set dev probe1 learning off bcast_flood off "
                + "mcast_flood off"), calls.toString());
    }

    @Test
    void aKernelBridgeWithoutPortFlagsIsReported() {
        CommandRunner oldBridge = (argv, stdin, timeout) -> argv.get(0).equals("bridge")
                ? new CommandResult(255, "", "Error: either \"dev\" is duplicate, or \"mcast_flood\" is a garbage.\n")
                : new CommandResult(0, "", "");
        FeatureProbe.Features f = new FeatureProbe(oldBridge).probe();
        assertTrue(f.htb() && f.flower());
        assertFalse(f.bridgePortFlags());
    }

    @Test
    void theFullProbeSaysWhyItCouldNotRun() {
        FeatureProbe.Features f = new FeatureProbe(fake(true, false)).probe();
        assertEquals("ip netns add: mount --make-shared failed", f.notProbed());
        assertFalse(f.htb());
        assertEquals(1, calls.size());
    }

    @Test
    void aProbeThatCannotRunAnswersU32() {
        CommandRunner broken = (argv, stdin, timeout) -> {
            throw new IOException("no such file: ip");
        };
        assertEquals(Classifier.U32, new FeatureProbe(broken).detect());
    }
}
