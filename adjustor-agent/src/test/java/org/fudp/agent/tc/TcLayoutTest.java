package org.fudp.agent.tc;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TcLayoutTest {

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
