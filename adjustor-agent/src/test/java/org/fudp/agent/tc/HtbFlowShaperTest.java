// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.fudp.agent.tc.Flows.limit;
import static org.fudp.agent.tc.Flows.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtbFlowShaperTest {

    private static final FiveTuple A = udp("10.0.0.1", 40001, "10.0.0.2", 5201);
    private static final FiveTuple B = udp("10.0.0.1", 40002, "10.0.0.2", 5202);

    /** Every command line the shaper ran, with its standard input. */
    private final List<String> calls = new ArrayList<>();
    private Function<String, CommandResult> answer = cmd -> new CommandResult(0, "", "");

    private HtbFlowShaper shaper(String netns) {
        CommandRunner fake = (argv, stdin, timeout) -> {
            String cmd = String.join(" ", argv);
            calls.add(stdin.isEmpty() ? cmd : cmd + "\n" + stdin);
            return answer.apply(cmd + "\n" + stdin);
        };
        return new HtbFlowShaper(new TcRunner(fake, "tc", netns, Duration.ofSeconds(5)), "veth1",
                ShaperOptions.DEFAULTS);
    }

    @Test
    void eachApplyIsOneTcBatchProcessWhateverTheNumberOfFlows() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        calls.clear();
        List<FlowLimit> many = TcShaperTool.benchFlows(500, 1);
        ApplyReport r = s.apply(many);
        assertEquals(1, calls.size());
        assertTrue(calls.get(0).startsWith("tc -batch -\nqdisc add dev veth1 root handle 1: htb default 0\n"));
        assertEquals(500, r.created());
        assertEquals(Set.copyOf(many), s.current());
        assertEquals(r.batch(), calls.get(0).substring("tc -batch -\n".length()));
    }

    @Test
    void aRateChangeRunsOnlyClassChangeAndNothingAtAllWhenNothingChanged() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        s.apply(List.of(limit(A, 10_000_000), limit(B, 20_000_000)));
        calls.clear();
        ApplyReport r = s.apply(List.of(limit(A, 5_000_000), limit(B, 20_000_000)));
        assertEquals(List.of("tc -batch -\nclass change dev veth1 parent 151: classid 151:1 htb rate 5000000bit ceil"
                + " 5000000bit burst 15000 cburst 15000 quantum 1514\n"), calls);
        assertEquals(1, r.changed());
        calls.clear();
        assertTrue(s.apply(List.of(limit(A, 5_000_000), limit(B, 20_000_000))).isNoop());
        assertTrue(calls.isEmpty());
    }

    /** A started shaper with flow A limited to 1000 bit/s, and no calls recorded yet. */
    private HtbFlowShaper limitingAAt1000() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        s.apply(List.of(limit(A, 1000)));
        calls.clear();
        return s;
    }

    @Test
    void aBatchRefusedAtItsFirstLineSaysNothingChangedAndNamesTcsError() throws ShaperException {
        HtbFlowShaper s = limitingAAt1000();
        // The interface was deleted: tc cannot find it (the lab's fault run, shaping-interface).
        answer = cmd -> cmd.startsWith("tc -batch") ? new CommandResult(1, "",
                "Cannot find device \"veth1\"\nCommand failed -:1\n") : new CommandResult(0, "", "");
        ShaperException e = assertThrows(ShaperException.class, () -> s.apply(List.of(limit(A, 2000))));
        assertTrue(e.getMessage().startsWith("tc batch on veth1 stopped at line 1 of 1; nothing was changed: "
                + "`class change dev veth1 "), e.getMessage());
        assertTrue(e.getMessage().contains("`: Cannot find device \"veth1\""), e.getMessage());
        assertTrue(e.stateUnchanged());
        assertEquals(1, calls.size(), "no undo to run: " + calls);
        assertEquals(Set.of(limit(A, 1000)), s.current());
    }

    @Test
    void aBatchStoppedByTcIsUndoneSoTheLimitsBeforeItHold() throws ShaperException {
        HtbFlowShaper s = limitingAAt1000();
        // tc refuses the last line of the first batch (A's rate change, then B's class, group filter
        // and root filter); the batch that follows (the undo) succeeds.
        int[] batches = {0};
        answer = cmd -> cmd.startsWith("tc -batch") && batches[0]++ == 0 ? new CommandResult(1, "",
                "RTNETLINK answers: No space left on device\nCommand failed -:" + (cmd.split("\n").length - 1)
                        + "\n") : new CommandResult(0, "", "");
        ShaperException e = assertThrows(ShaperException.class,
                () -> s.apply(List.of(limit(A, 2000), limit(B, 1000))));
        assertTrue(e.getMessage().contains("line 4 of 4"), e.getMessage());
        assertTrue(e.getMessage().contains("previous limits restored"), e.getMessage());
        assertTrue(e.stateUnchanged());
        assertTrue(e.command().startsWith("filter add dev veth1 parent 1: prio 10 protocol ip handle 100:52:1"),
                e.command());
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        assertEquals(Set.of(limit(A, 1000)), s.current());
        // The undo: B's class and group filter, which ran, are deleted again, A gets its old rate back.
        assertEquals(2, calls.size(), calls.toString());
        String undo = calls.get(1);
        assertTrue(undo.contains("class change dev veth1 parent 151: classid 151:1 htb rate 1000bit"), undo);
        assertTrue(undo.contains("class del dev veth1 parent 152: classid 152:1"), undo);
        assertTrue(undo.contains("filter del"), undo);

        calls.clear();
        s.apply(List.of(limit(A, 1000), limit(B, 1000)));
        assertEquals(1, calls.size());
        assertEquals(Set.of(limit(A, 1000), limit(B, 1000)), s.current());
    }

    @Test
    void valuesTcCannotExpressAreRefusedBeforeTcRunsAndTheLimitsStay() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        s.apply(List.of(limit(A, 1000)));
        for (FlowLimit bad : List.of(new FlowLimit(B, 1, 15_000), new FlowLimit(B, 7, 15_000),
                new FlowLimit(B, 1000, Long.MAX_VALUE), new FlowLimit(B, 1000, HtbFlowShaper.MAX_BURST_BYTES + 1))) {
            calls.clear();
            ShaperException e = assertThrows(ShaperException.class, () -> s.apply(List.of(limit(A, 2000), bad)),
                    bad.toString());
            assertTrue(e.getMessage().contains("nothing applied"), e.getMessage());
            assertTrue(e.stateUnchanged());
            assertTrue(calls.isEmpty(), calls.toString());
            assertEquals(Set.of(limit(A, 1000)), s.current());
        }
        // The bounds themselves are accepted; a burst tc cannot hold at its rate is lowered to what it can
        // (measured: at 1 Mbit/s 34359738 B is kept, 34359739 B comes out as 0 B).
        s.apply(List.of(limit(A, 1000), new FlowLimit(B, 10_000_000_000L, HtbFlowShaper.MAX_BURST_BYTES)));
        assertTrue(calls.get(calls.size() - 1).contains("htb rate 10000000000bit ceil 10000000000bit burst 4294967295 "
                + "cburst 4294967295"), calls.toString());
        s.apply(List.of(limit(A, 1000), new FlowLimit(B, 1_000_000, HtbFlowShaper.MAX_BURST_BYTES)));
        assertTrue(calls.get(calls.size() - 1).contains("htb rate 1000000bit ceil 1000000bit burst 34359738 "
                + "cburst 34359738"), calls.toString());
        s.apply(List.of(limit(A, 1000), new FlowLimit(B, HtbFlowShaper.MIN_RATE_BPS, 15_000)));
        assertTrue(calls.get(calls.size() - 1).contains("htb rate 8bit ceil 8bit burst 274 cburst 274"),
                calls.toString());
    }

    @Test
    void theLargestBurstTcHoldsIsAboutTwoHundredSeventyFiveSecondsAtTheRate() {
        assertEquals(274, HtbFlowShaper.maxBurstBytes(8));
        assertEquals(34_359_738, HtbFlowShaper.maxBurstBytes(1_000_000));
        assertEquals(HtbFlowShaper.MAX_BURST_BYTES, HtbFlowShaper.maxBurstBytes(Long.MAX_VALUE));
        assertEquals(HtbFlowShaper.MAX_BURST_BYTES, HtbFlowShaper.maxBurstBytes(1L << 34));
    }

    @Test
    void whenTheUndoFailsTooTheStateIsUnknownAndTheNextApplyClearsFirst() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        s.apply(List.of(limit(A, 1000)));
        // tc refuses the last line of every batch, the undo's too.
        answer = cmd -> cmd.startsWith("tc -batch") ? new CommandResult(1, "",
                "RTNETLINK answers: Invalid argument\nCommand failed -:" + (cmd.split("\n").length - 1) + "\n")
                : new CommandResult(0, "", "");
        ShaperException e = assertThrows(ShaperException.class,
                () -> s.apply(List.of(limit(A, 2000), limit(B, 1000))));
        assertTrue(e.getMessage().contains("NOT restored"), e.getMessage());
        assertFalse(e.stateUnchanged());
        assertTrue(s.current().isEmpty());
        answer = cmd -> new CommandResult(0, "", "");
        calls.clear();
        s.apply(List.of(limit(A, 1000)));
        assertEquals("tc qdisc del dev veth1 root", calls.get(0));
        assertEquals(Set.of(limit(A, 1000)), s.current());
    }

    @Test
    void beforeStartTheFirstApplyClearsTheInterfaceFirst() throws ShaperException {
        HtbFlowShaper s = shaper("agent-ns");
        answer = cmd -> cmd.startsWith("tc -netns agent-ns qdisc del")
                ? new CommandResult(2, "", "Error: Cannot delete qdisc with handle of zero.\n")
                : new CommandResult(0, "", "");
        s.apply(List.of(limit(A, 1000)));
        assertEquals("tc -netns agent-ns qdisc del dev veth1 root", calls.get(0));
        assertTrue(calls.get(1).startsWith("tc -netns agent-ns -batch -\nqdisc add"), calls.get(1));
        assertEquals(2, calls.size());
    }

    @Test
    void adoptKeepsTheTreeAnEarlierRunLeft() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        answer = cmd -> {
            if (cmd.startsWith("tc qdisc show")) {
                return new CommandResult(0, TcTreeParserTest.QDISCS, "");
            } else if (cmd.startsWith("tc class show")) {
                return new CommandResult(0, TcTreeParserTest.CLASSES, "");
            } else if (cmd.startsWith("tc filter show")) {
                return new CommandResult(0, TcTreeParserTest.FILTERS, "");
            } else if (cmd.startsWith("tc -batch -\nfilter show dev veth1 parent 100:\n")) {
                return new CommandResult(0, TcTreeParserTest.GROUP_FILTERS, "");
            }
            return new CommandResult(0, "", "");
        };
        assertEquals(4, s.start(StartupPolicy.ADOPT));
        assertTrue(calls.stream().noneMatch(c -> c.contains(" del ")), calls.toString());
        assertEquals("151:1", s.classIdOf(udp("10.0.0.1", 40001, "10.0.0.2", 5201)).orElseThrow());
    }

    @Test
    void adoptClearsATreeThatIsNotOurs() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        answer = cmd -> new CommandResult(0, cmd.startsWith("tc qdisc show") ? "qdisc mq 0: root\n" : "", "");
        assertEquals(0, s.start(StartupPolicy.ADOPT));
        assertTrue(calls.contains("tc qdisc del dev veth1 root"), calls.toString());
    }

    @Test
    void planHasNoSideEffects() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        calls.clear();
        String text = s.plan(List.of(limit(A, 1000)));
        assertTrue(text.contains("class add dev veth1 parent 151: classid 151:1 htb rate 1000bit"), text);
        assertTrue(calls.isEmpty());
        assertTrue(s.current().isEmpty());
    }

    @Test
    void aRejectedDesiredSetAppliesNothing() throws ShaperException {
        HtbFlowShaper s = shaper(null);
        s.start(StartupPolicy.CLEAR);
        calls.clear();
        ShaperException e = assertThrows(ShaperException.class,
                () -> s.apply(List.of(limit(A, 1000), limit(A, 2000))));
        assertTrue(e.getMessage().contains("nothing applied"), e.getMessage());
        assertTrue(calls.isEmpty());
    }

    @Test
    void clearDeletesTheRootQdiscAndForgetsTheFlows() throws ShaperException {
        HtbFlowShaper s = limitingAAt1000();
        s.clear();
        assertEquals(List.of("tc qdisc del dev veth1 root"), calls);
        assertTrue(s.current().isEmpty());
    }

    @Test
    void aClearThatTcRefusesIsReportedWithTcsMessage() {
        HtbFlowShaper s = shaper(null);
        answer = cmd -> new CommandResult(1, "", "Cannot find device \"veth1\"\n");
        ShaperException e = assertThrows(ShaperException.class, s::clear);
        assertTrue(e.getMessage().contains("Cannot find device"), e.getMessage());
        assertEquals("tc qdisc del dev veth1 root", e.command());
    }
}
