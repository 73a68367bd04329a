// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The configured bottlenecks and the destinations behind each. A flow belongs to the bottleneck
 * with the longest prefix that contains its destination; on equal lengths, the first in config
 * order. Both hosts look configured bottlenecks up here.
 */
public final class BottleneckTable {

    /** The prefix of the CFS id of a configured bottleneck. */
    public static final String CFS_PREFIX = "bottleneck:";

    /** One configured bottleneck. */
    public static final class Entry {
        private final String name;
        private final long capacityBps;
        private final String egress;
        private final String linkDst;
        private final List<AddressPrefix> behind;

        /**
         * Creates an entry.
         *
         * @param name the bottleneck's name; its CFS id is {@code bottleneck:NAME}
         * @param capacityBps its capacity, 0 if unknown
         * @param egress where the bottleneck link starts, host's text form, or null
         * @param linkDst where it ends, or null
         * @param behind the destinations behind it
         */
        public Entry(String name, long capacityBps, String egress, String linkDst, List<AddressPrefix> behind) {
            this.name = Objects.requireNonNull(name, "name");
            this.capacityBps = capacityBps;
            this.egress = egress;
            this.linkDst = linkDst;
            this.behind = List.copyOf(behind);
        }

        public String name() {
            return name;
        }

        CfsAssignment assignment() {
            return new CfsAssignment(CFS_PREFIX + name, CfsKind.CONFIGURED, capacityBps, egress, linkDst);
        }

        int matchLength(InetAddress dst) {
            return longestMatch(dst).map(AddressPrefix::length).orElse(-1);
        }

        Optional<AddressPrefix> longestMatch(InetAddress dst) {
            AddressPrefix best = null;
            for (AddressPrefix p : behind) {
                if ((best == null || p.length() > best.length()) && p.contains(dst)) {
                    best = p;
                }
            }
            return Optional.ofNullable(best);
        }
    }

    private final List<Entry> entries;

    /**
     * Creates the table.
     *
     * @param entries the bottlenecks in config order
     */
    public BottleneckTable(List<Entry> entries) {
        this.entries = Collections.unmodifiableList(new ArrayList<>(entries));
    }

    /**
     * Finds the bottleneck a destination is behind.
     *
     * @param dst the destination address
     * @return its set, empty if behind none
     */
    public Optional<CfsAssignment> lookup(InetAddress dst) {
        return owner(dst).map(Entry::assignment);
    }

    private Optional<Entry> owner(InetAddress dst) {
        Entry best = null;
        int bestLength = -1;
        for (Entry e : entries) {
            int len = e.matchLength(dst);
            if (len > bestLength) {
                best = e;
                bestLength = len;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Finds the prefix one aggregate rule may forward for a destination: the configured prefix it is behind,
     * when the bottleneck's egress is the very port the destination leaves the facility by (so every address
     * of the prefix leaves there) and no other bottleneck's prefix overlaps it (so every address of the prefix
     * is in the same set, and no two aggregates of the same priority match one packet).
     *
     * @param facilityId the facility switch
     * @param dst the destination
     * @param onwardPort the port the destination leaves the facility by
     * @return the prefix, empty if the destination needs a rule of its own address
     */
    public Optional<AddressPrefix> sharedPrefix(String facilityId, InetAddress dst, long onwardPort) {
        Entry owner = owner(dst).orElse(null);
        if (owner == null || !(facilityId + "/" + onwardPort).equals(owner.egress)) {
            return Optional.empty();
        }
        AddressPrefix p = owner.longestMatch(dst).orElseThrow();
        for (Entry e : entries) {
            if (e != owner && e.behind.stream().anyMatch(p::overlaps)) {
                return Optional.empty();
            }
        }
        return Optional.of(p);
    }

    /**
     * Returns the bottlenecks in config order.
     *
     * @return entries
     */
    public List<Entry> entries() {
        return entries;
    }
}
