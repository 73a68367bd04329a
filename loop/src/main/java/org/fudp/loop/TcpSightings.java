package org.fudp.loop;

import org.fudp.protocol.FiveTuple;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The TCP connections a sampled facility's samples show in each set, for the flows its light TCP stands for
 * ({@link LightTcp}). A connection counts once it was sampled at least twice, {@link #SPAN_MS} or more
 * apart, and last within {@link #WINDOW_MS}. At 1 in N, two samples a second apart within ten seconds take
 * about 2N packets of one connection: one that kept sending at about the join rate (N = 64: 13 full frames a
 * second, 0.15 Mbit/s), not a mouse that came and went within a second, nor an idle connection that sends a
 * keep-alive every few seconds.
 */
final class TcpSightings {

    /** A connection not sampled for this long is forgotten. */
    static final long WINDOW_MS = 10_000;
    /** Its first and last samples must be at least this far apart. */
    static final long SPAN_MS = 1_000;
    /** Connections followed at once; a host spraying 5-tuples fills this, not the memory. */
    static final int MAX_CONNECTIONS = 65_536;

    /** One connection's samples. */
    private static final class Sighting {
        final String cfsId;
        final long firstMs;
        long lastMs;

        Sighting(String cfsId, long firstMs) {
            this.cfsId = cfsId;
            this.firstMs = firstMs;
            this.lastMs = firstMs;
        }
    }

    private final Map<FiveTuple, Sighting> seen = new HashMap<>();

    /**
     * Takes one sampled TCP packet of a connection without rules of its own.
     *
     * @param nowMs when it was sampled
     * @param t its connection
     * @param cfsId the set its destination is in
     */
    void offer(long nowMs, FiveTuple t, String cfsId) {
        Sighting s = seen.get(t);
        if (s != null && nowMs - s.lastMs > WINDOW_MS) {
            seen.remove(t);
            s = null;
        }
        if (s == null) {
            if (seen.size() >= MAX_CONNECTIONS) {
                expire(nowMs);
            }
            if (seen.size() >= MAX_CONNECTIONS) {
                return;
            }
            seen.put(t, new Sighting(cfsId, nowMs));
            return;
        }
        s.lastMs = Math.max(s.lastMs, nowMs);
    }

    /**
     * Counts, by set, the connections sampled steadily within the window; forgets those not sampled in it.
     *
     * @param nowMs the time
     * @param hasRules whether a connection has rules of its own now: it is counted by them, not here
     * @return connections by set id; a set with none is absent
     */
    Map<String, Integer> bySet(long nowMs, Predicate<FiveTuple> hasRules) {
        expire(nowMs);
        Map<String, Integer> out = new HashMap<>();
        for (Map.Entry<FiveTuple, Sighting> e : seen.entrySet()) {
            Sighting s = e.getValue();
            if (s.lastMs - s.firstMs >= SPAN_MS && !hasRules.test(e.getKey())) {
                out.merge(s.cfsId, 1, Integer::sum);
            }
        }
        return out;
    }

    private void expire(long nowMs) {
        for (Iterator<Sighting> i = seen.values().iterator(); i.hasNext();) {
            if (nowMs - i.next().lastMs > WINDOW_MS) {
                i.remove();
            }
        }
    }
}
