package org.fudp.loop.flow;


/**
 * What a correlation flow set carries in flows without rules of their own, as a sampled facility sees it:
 * its aggregates' rates by protocol, when its TCP aggregates last counted anything, and how many TCP
 * connections its samples show sending steadily. Mutable while the collection sums it up, read-only after.
 */
public final class Unmatched {

    /** What the set's TCP aggregates carried since the last period, bit/s. */
    public double tcpBps;
    /** What the set's UDP aggregates carried since the last period, bit/s. */
    public double udpBps;
    /** When a TCP aggregate of the set last counted new bytes, -1 if never. */
    public long tcpTrafficMs = -1;
    /** How many TCP aggregate rules the set has. */
    public int tcpRules;
    /** TCP connections without rules of their own that samples showed sending for a while ({@code TcpSightings}). */
    public int sightedTcp;
}
