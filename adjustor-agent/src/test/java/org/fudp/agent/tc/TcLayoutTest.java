// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TcLayoutTest {

    @Test
    void sortingByCachedKeysOrdersLikeTheFlowComparator() {
        List<FiveTuple> flows = new ArrayList<>();
        for (FlowLimit l : TcShaperTool.benchFlows(300, 1)) {
            flows.add(l.flow());
        }
        flows.add(Flows.udp("fd00::1", 1, "fd00::2", 2));
        flows.add(Flows.udp("fd00::1", 1, "10:0:0:0:0:0:0:2", 2));
        flows.add(Flows.udp("255.255.255.255", 1, "0.0.0.0", 2));
        flows.add(new FiveTuple(FiveTuple.TCP, Flows.addr("10.1.0.1"), Flows.addr("10.2.0.1"), 20001, 5001));
        Collections.shuffle(flows, new Random(7));
        List<FiveTuple> expected = new ArrayList<>(flows);
        expected.sort(TcLayout.FLOW_ORDER);
        TcLayout.sortByFlow(flows, f -> f);
        assertEquals(expected, flows);
    }

    @Test
    void theKernelsQdiscHashIsReproduced() {
        // hash_32(0, 4) is 0: where every HTB leaf qdisc (handle 0) lands.
        assertEquals(0, TcLayout.qdiscHashBucket(0));
        // Values computed with the kernel's formula (val * 0x61C88647) >> 28 by hand.
        assertEquals(8, TcLayout.qdiscHashBucket(0x10000));
        assertEquals(0, TcLayout.qdiscHashBucket(0x10b0000));
    }

    @Test
    void noGroupSharesTheLeafQdiscsHashBucketAndEachNamesItsBucket() {
        Set<Integer> majors = new HashSet<>();
        for (int b = 0; b < TcLayout.BUCKETS; b++) {
            int major = TcLayout.group(b);
            assertNotEquals(0, TcLayout.qdiscHashBucket(major << 16), Integer.toHexString(major));
            assertEquals(b, major & 0xff);
            assertEquals(b, TcLayout.bucketOfGroup(major));
            assertTrue(majors.add(major));
        }
        assertEquals(0x151, TcLayout.group(0x51));
        assertEquals(0x20b, TcLayout.group(0x0b));
        assertEquals(-1, TcLayout.bucketOfGroup(0x10b));
        assertEquals(-1, TcLayout.bucketOfGroup(1));
    }
}
