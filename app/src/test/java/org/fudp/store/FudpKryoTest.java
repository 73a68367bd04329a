// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.google.common.net.InetAddresses;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.MultiValuedTimestamp;
import org.onosproject.store.service.Serializer;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.fudp.store.StoreFixtures.S1;
import static org.fudp.store.StoreFixtures.SET1;
import static org.fudp.store.StoreFixtures.T0;
import static org.fudp.store.StoreFixtures.agent;
import static org.fudp.store.StoreFixtures.allocation;
import static org.fudp.store.StoreFixtures.cfs;
import static org.fudp.store.StoreFixtures.cfsSample;
import static org.fudp.store.StoreFixtures.decision;
import static org.fudp.store.StoreFixtures.facilityState;
import static org.fudp.store.StoreFixtures.flow;
import static org.fudp.store.StoreFixtures.flowSample;
import static org.fudp.store.StoreFixtures.tcp;
import static org.fudp.store.StoreFixtures.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every type the store's maps hold goes through the real namespace and comes back with the same
 * fields, including the edge values (no CFS egress, NaN fairness, no allocation, empty maps, IPv4
 * and IPv6, extreme ports).
 */
class FudpKryoTest {

    private static final Serializer SERIALIZER = Serializer.using(FudpKryo.namespace());

    /** One value or more of every registered type. */
    private static List<Object> samples() {
        FiveTuple v4 = new FiveTuple(255, InetAddresses.forString("0.0.0.0"),
                InetAddresses.forString("255.255.255.255"), 0, 65535);
        ReplicatedHistory.Owner cfsOwner = new ReplicatedHistory.Owner(ReplicatedHistory.Kind.DECISION, SET1);
        ReplicatedHistory.Owner flowOwner = new ReplicatedHistory.Owner(ReplicatedHistory.Kind.FLOW_SAMPLE, udp(9));
        List<Object> s = new ArrayList<>(List.of(
                tcp(1), udp(65535), v4,
                flow(tcp(1), 100), flow(udp(2), 200),
                FlowRecord.builder(tcp(3), S1.toString()).build(),
                cfs(SET1, Set.of(tcp(1)), Set.of(udp(1), udp(2)), CfsState.ADJUSTING, 1234),
                notEnforced(),
                CorrelationFlowSet.builder("dst:10.0.1.1", CfsKind.DESTINATION).build(),
                cfs(SET1, Set.of(), Set.of(udp(1)), CfsState.ADJUSTING, 3_000).toBuilder()
                        .lightTcp(2, "light TCP as 2 flows: aggregate counters, 2 connections in samples").build(),
                cfs(SET1, Set.of(), Set.of(udp(1), udp(2), udp(3)), CfsState.FAIR, 3_000).toBuilder()
                        .responsiveUdp(2).build(),
                cfs(SET1, Set.of(tcp(1)), Set.of(udp(1), udp(2)), CfsState.NOT_ENFORCED, 3_000).toBuilder()
                        .principals(2, List.of(new PrincipalShare("10.0.0.2", 1, 9_000_000),
                                new PrincipalShare("udp-10.0.0.3-5-10.0.0.4-6", 1, 10)), 3_300_000)
                        .units(2, 47_000_000, 3_300_000).build(),
                FlowRecord.builder(udp(4), S1.toString()).cfsId(SET1).rates(3_000_000, 3_000_000, true)
                        .policy("", "responsive: counted with its set's TCP, not limited")
                        .responsiveness("responsive", "responded: slowed from 4.00 Mbit/s to 2.00 Mbit/s at a limit "
                                + "of 2.00 Mbit/s, back to 3.90 Mbit/s released; passed 1 of 1 tests").build(),
                allocation(udp(1), 1000, 7, true, T0), allocation(v4, 0, 0, false, -1),
                agent(S1, AgentStatus.UP, T0),
                new AgentState("of:2", AgentStatus.UNKNOWN, 0, 0, 0, 0, 0, 0, Map.of(), ""),
                AgentState.metered("of:3", 5, 4, T0, 9, 2, "2 flow(s) counted but unlimited"),
                allocation(udp(3), 1000, 7, true, T0).refused("OUT_OF_METERS"),
                decision(SET1, 3),
                new DecisionRecord("x", 0, 0, false, true, 0, 0, 0, 0, 0, 0, 0, 0, 0, false, Map.of(), ""),
                cfsSample(1), flowSample(2),
                cfsOwner, flowOwner, new ReplicatedHistory.Slot(flowOwner, 1L << 40),
                new ReplicatedHistory.Slot(cfsOwner, 0), new ReplicatedHistory.Head(3, 720),
                new MultiValuedTimestamp<>(T0, 42L),
                facilityState(S1, "onos-1", 0), facilityState(S1, "10.192.19.68", 3),
                new FacilityState("of:4", FlowBudget.DEFAULT, 0, 0, 0, Map.of(), 0, "", 0),
                new FacilityState("of:5", "onos-2", Long.MAX_VALUE, Long.MIN_VALUE,
                        new FlowBudget(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE), Integer.MAX_VALUE, 0, 1,
                        Map.of(FacilityState.Skip.SWITCH_REFUSED, Long.MAX_VALUE), -1, "OFPFMFC_TABLE_FULL",
                        Long.MAX_VALUE).withAggregates(Integer.MAX_VALUE).withFailedOpen(Integer.MAX_VALUE)));
        s.addAll(Arrays.asList(CfsKind.values()));
        s.addAll(Arrays.asList(CfsState.values()));
        s.addAll(Arrays.asList(AgentStatus.values()));
        s.addAll(Arrays.asList(org.fudp.loop.api.settings.Facility.Enforcement.values()));
        s.addAll(Arrays.asList(ReplicatedHistory.Kind.values()));
        s.addAll(Arrays.asList(FacilityState.Skip.values()));
        return s;
    }

    @Test
    void everyRegisteredTypeHasASample() {
        Set<Class<?>> sampled = samples().stream().map(Object::getClass).collect(Collectors.toSet());
        Set<Class<?>> missing = new HashSet<>(FudpKryo.registeredTypes());
        missing.removeAll(sampled);
        assertEquals(Set.of(), missing);
    }

    @Test
    void everySampleComesBackWithTheSameFields() {
        for (Object o : samples()) {
            byte[] bytes = SERIALIZER.encode(o);
            Object back = SERIALIZER.decode(bytes);
            assertSameFields(o, back);
            if (!o.getClass().isEnum()) {
                assertNotSame(o, back, "a decoded copy");
            }
            if (declaresEquals(o.getClass())) {
                assertEquals(o, back);
                assertEquals(o.hashCode(), back.hashCode());
            }
        }
    }

    @Test
    void theMapsOwnSerializerWhichWrapsTheNamespaceReadsTheSameBytes() {
        // EventuallyConsistentMapImpl registers the given namespace first, then its own types.
        KryoNamespace wrapped = KryoNamespace.newBuilder().register(FudpKryo.namespace())
                .nextId(600).register(org.onosproject.store.service.WallClockTimestamp.class).build("wrapped");
        for (Object o : samples()) {
            assertSameFields(o, wrapped.deserialize(FudpKryo.namespace().serialize(o)));
        }
    }

    /** A set whose limit the agent has not acknowledged for a while: its state and why. */
    private static CorrelationFlowSet notEnforced() {
        return cfs(SET1, Set.of(tcp(1)), Set.of(udp(1)), CfsState.NOT_ENFORCED, 1234).toBuilder()
                .state(CfsState.NOT_ENFORCED, "the agent at " + S1 + " has not acknowledged the limit of " + udp(1)
                        + " at 5000 kbit/s; it runs unlimited (for 10 s)")
                .build();
    }

    @Test
    void aSetNotEnforcedKeepsItsStateAndWhy() {
        CorrelationFlowSet c = notEnforced();
        CorrelationFlowSet back = SERIALIZER.decode(SERIALIZER.encode(c));
        assertEquals(CfsState.NOT_ENFORCED, back.state());
        assertEquals(c.stateReason(), back.stateReason());
        assertTrue(back.stateReason().startsWith("the agent at of:"), back.stateReason());
        assertEquals(c, back);
        // A set with nothing to add reads back "", not null.
        CorrelationFlowSet plain = cfs(SET1, Set.of(tcp(1)), Set.of(), CfsState.NO_UDP, 1);
        assertEquals("", SERIALIZER.<CorrelationFlowSet>decode(SERIALIZER.encode(plain)).stateReason());
    }

    @Test
    void aUdpFlowsResponsivenessAndItsSetsCountOfResponsiveFlowsComeBack() {
        FlowRecord quic = FlowRecord.builder(udp(5), S1.toString()).cfsId(SET1)
                .responsiveness("testing", "under test: held at 1.00 Mbit/s (offered 2.00 Mbit/s)").build();
        FlowRecord back = SERIALIZER.decode(SERIALIZER.encode(quic));
        assertEquals("testing", back.responsiveness());
        assertEquals("under test: held at 1.00 Mbit/s (offered 2.00 Mbit/s)", back.responsiveEvidence());
        assertEquals("", SERIALIZER.<FlowRecord>decode(SERIALIZER.encode(flow(tcp(1), 1))).responsiveness(),
                "TCP has no class: \"\", not null");
        CorrelationFlowSet set = cfs(SET1, Set.of(), Set.of(udp(1), udp(5)), CfsState.FAIR, 0).toBuilder()
                .responsiveUdp(1).build();
        assertEquals(1, SERIALIZER.<CorrelationFlowSet>decode(SERIALIZER.encode(set)).responsiveUdpFlows());
    }

    @Test
    void aFacilitysViewKeepsItsControllerAndItsRefusals() {
        FacilityState f = facilityState(S1, "onos-1", 2);
        FacilityState back = SERIALIZER.decode(SERIALIZER.encode(f));
        assertEquals(f, back);
        assertEquals("onos-1", back.controller());
        assertEquals(T0 - 59_000, back.epoch());
        assertEquals(2, back.refusals());
        assertEquals("TABLE_FULL", back.lastRefusal());
        assertEquals(List.of(FacilityState.Skip.values()), List.copyOf(back.skipped().keySet()),
                "every reason, in order");
        assertTrue(SERIALIZER.encode(f).length < 100, "a facility's view is small: " + SERIALIZER.encode(f).length);
        FacilityState retried = f.withInstallFailures(3, 1, "not ready");
        FacilityState again = SERIALIZER.decode(SERIALIZER.encode(retried));
        assertEquals(retried, again);
        assertEquals(List.of(3L, 1L), List.of(again.installFailures(), (long) again.rulesRetrying()));
        assertEquals("not ready", again.lastInstallFailure());
    }

    @Test
    void membersOfACfsKeepTheirOrder() {
        List<FiveTuple> order = List.of(tcp(9), tcp(1), tcp(5), tcp(3));
        CorrelationFlowSet c = cfs(SET1, new java.util.LinkedHashSet<>(order), Set.of(), CfsState.FAIR, 1);
        CorrelationFlowSet back = SERIALIZER.decode(SERIALIZER.encode(c));
        assertEquals(order, List.copyOf(back.tcpFlows()));
    }

    @Test
    void aFiveTupleIsCompact() {
        // Protocol, address length, two IPv4 addresses, two ports, and Kryo's class id.
        assertTrue(SERIALIZER.encode(tcp(1)).length <= 16, "IPv4 5-tuple in at most 16 bytes");
    }

    @Test
    void anUnregisteredTypeIsRefused() {
        assertThrows(RuntimeException.class, () -> SERIALIZER.encode(new TreeSet<>(Set.of(1))));
    }

    /**
     * The types with serializers of their own are written field by field: a new field must be
     * added to its serializer, and then here.
     */
    @Test
    void ownSerializersKnowEveryField() {
        assertEquals(Set.of("protocol", "src", "dst", "srcPort", "dstPort"), fieldNames(FiveTuple.class));
        assertEquals(Set.of("id", "kind", "egress", "linkDst", "capacityBps", "tcpFlows", "udpFlows",
                "tcpThroughputBps", "udpThroughputBps", "udpDemandBps", "jainIndex", "state", "stateReason",
                "lightTcpFlows", "tcpEvidence", "responsiveUdpFlows", "udpPrincipals", "topPrincipals", "tcpFloorBps",
                "units", "unitsBps", "unitsLimitBps"),
                fieldNames(CorrelationFlowSet.class));
        assertEquals(Set.of("facilityId", "status", "lastHeartbeatMs", "lastSentSeq", "lastAckedSeq",
                "lastAckedMs", "framesSent", "resends", "rejectedFrames", "reason", "enforcement", "unmetered"),
                fieldNames(AgentState.class));
        assertEquals(Set.of("cfsId", "period", "timeMs", "reallocated", "dryRun", "tcpCount", "udpCount",
                "measuredTcpBps", "predictedTcpBps", "deviationBps", "bandLowBps", "bandHighBps", "udpAverageBps",
                "availableBps", "inBand", "allocations", "reason"), fieldNames(DecisionRecord.class));
        assertEquals(Set.of("facilityId", "controller", "controllingSinceMs", "epoch", "budget", "rulesInUse",
                "ruleCap", "flows", "aggregates", "failedOpen", "skipped", "refusals", "lastRefusal", "pausedUntilMs",
                "installFailures", "rulesRetrying", "lastInstallFailure"),
                fieldNames(FacilityState.class));
        assertEquals(Set.of("rules", "packetInsPerS", "heavyBps"), fieldNames(FlowBudget.class),
                "written as three numbers");
        assertEquals(Set.of("kind", "id", "hash"), fieldNames(ReplicatedHistory.Owner.class));
        assertEquals(Set.of("owner", "seq"), fieldNames(ReplicatedHistory.Slot.class));
        assertEquals(Set.of("first", "next"), fieldNames(ReplicatedHistory.Head.class));
    }

    private static Set<String> fieldNames(Class<?> type) {
        return instanceFields(type).stream().map(Field::getName).collect(Collectors.toSet());
    }

    private static List<Field> instanceFields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class && c != Enum.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static boolean declaresEquals(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Asserts that two objects are of one class and that each of their fields is equal, in
     * iteration order for collections and maps; works on types without {@code equals}.
     *
     * @param expected the original
     * @param actual the copy
     */
    static void assertSameFields(Object expected, Object actual) {
        assertEquals(expected.getClass(), actual.getClass());
        if (expected.getClass().isEnum()) {
            assertEquals(expected, actual);
            return;
        }
        for (Field f : instanceFields(expected.getClass())) {
            f.setAccessible(true);
            try {
                Object a = f.get(expected);
                Object b = f.get(actual);
                String what = expected.getClass().getSimpleName() + "." + f.getName();
                if (a instanceof Collection && b instanceof Collection) {
                    assertEquals(List.copyOf((Collection<?>) a), List.copyOf((Collection<?>) b), what);
                } else if (a instanceof Map && b instanceof Map) {
                    assertEquals(List.copyOf(((Map<?, ?>) a).entrySet()), List.copyOf(((Map<?, ?>) b).entrySet()),
                            what);
                } else {
                    // Double.equals holds NaN equal to NaN, as the fields are compared here.
                    assertEquals(a, b, what);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
