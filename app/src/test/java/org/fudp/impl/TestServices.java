// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.config.FudpConfig;
import org.onlab.osgi.ComponentContextAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryServiceAdapter;
import org.onosproject.event.EventSink;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistryAdapter;
import org.onosproject.net.config.basics.HostLearningConfig;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Small purpose-built stand-ins for the ONOS services the manager uses.
 */
final class TestServices {

    private TestServices() {
    }

    /** Registers the app under a fixed id. */
    static final class TestCoreService extends CoreServiceAdapter {
        static final ApplicationId APP_ID = new DefaultApplicationId(42, FudpManager.APP_NAME);

        @Override
        public ApplicationId registerApplication(String name) {
            return APP_ID;
        }
    }

    /**
     * Records what the manager registers and sets; serves other components' properties as ONOS's
     * ComponentConfigManager does (core/net ComponentConfigManager.java at tag 2.7.0), by component
     * class name and property name: {@code getProperty} of a component that has not registered its
     * properties logs an ERROR ("Attribute ... not present in component ...", lines 211-222) and
     * answers null, {@code getProperties} answers null silently (lines 159-165).
     */
    static final class TestCfgService extends ComponentConfigAdapter {
        final Set<String> registered = new HashSet<>();
        final Map<String, String> set = new HashMap<>();
        final Map<String, Map<String, ConfigProperty>> others = new HashMap<>();
        /** The ERRORs ComponentConfigManager would have logged. */
        final List<String> errorsLogged = new ArrayList<>();

        /** Defines another component's integer property, e.g. the OpenFlow provider's poll: it registers. */
        void define(String component, String name, int value) {
            others.computeIfAbsent(component, c -> new HashMap<>()).put(name,
                    ConfigProperty.defineProperty(name, ConfigProperty.Type.INTEGER, Integer.toString(value), ""));
        }

        @Override
        public ConfigProperty getProperty(String componentName, String attribute) {
            Map<String, ConfigProperty> props = others.get(componentName);
            if (props == null) {
                errorsLogged.add("Attribute " + attribute + " not present in component " + componentName);
                return null;
            }
            return props.get(attribute);
        }

        @Override
        public Set<ConfigProperty> getProperties(String componentName) {
            Map<String, ConfigProperty> props = others.get(componentName);
            return props == null ? null : Set.copyOf(props.values());
        }

        @Override
        public void registerProperties(Class<?> componentClass) {
            registered.add(componentClass.getName());
        }

        @Override
        public void unregisterProperties(Class<?> componentClass, boolean clear) {
            registered.remove(componentClass.getName());
        }

        @Override
        public void setProperty(String componentName, String name, String value) {
            set.put(name, value);
        }
    }

    /** Delivers events at once, on the posting thread. */
    static final class SyncEventDispatcher extends EventDeliveryServiceAdapter {
        private final Map<Class<?>, EventSink<?>> sinks = new HashMap<>();

        @Override
        public <E extends Event> void addSink(Class<E> eventClass, EventSink<E> sink) {
            sinks.put(eventClass, sink);
        }

        @Override
        public <E extends Event> void removeSink(Class<E> eventClass) {
            sinks.remove(eventClass);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void post(Event event) {
            EventSink<Event> sink = (EventSink<Event>) sinks.get(event.getClass());
            if (sink != null) {
                sink.process(event);
            }
        }

        Set<Class<?>> sinkClasses() {
            return sinks.keySet();
        }
    }

    /**
     * Holds one FUDP config and tells the manager's listener about changes; holds other apps'
     * configs by subject and key, as ONOS's store queues a config whose factory is not registered
     * (NetworkConfigManager.applyConfig by keys), and serves HostLearningConfig from them.
     */
    static final class TestNetcfg extends NetworkConfigRegistryAdapter {
        final ObjectMapper mapper = new ObjectMapper();
        final Set<ConfigFactory> factories = new HashSet<>();
        final List<NetworkConfigListener> listeners = new ArrayList<>();
        final Map<String, JsonNode> byKeys = new LinkedHashMap<>();
        FudpConfig current;

        static String keys(String subjectKey, Object subject, String configKey) {
            return subjectKey + "/" + subject + "/" + configKey;
        }

        @Override
        public <S, C extends Config<S>> C applyConfig(String subjectClassKey, S subject, String configKey,
                                                      JsonNode json) {
            byKeys.put(keys(subjectClassKey, subject, configKey), json);
            return null;
        }

        @Override
        public <S> void removeConfig(String subjectClassKey, S subject, String configKey) {
            byKeys.remove(keys(subjectClassKey, subject, configKey));
        }

        @Override
        public void registerConfigFactory(ConfigFactory configFactory) {
            factories.add(configFactory);
        }

        @Override
        public void unregisterConfigFactory(ConfigFactory configFactory) {
            factories.remove(configFactory);
        }

        @Override
        public void addListener(NetworkConfigListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(NetworkConfigListener listener) {
            listeners.remove(listener);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
            if (configClass == HostLearningConfig.class) {
                JsonNode json = byKeys.get(keys("ports", subject, "hostLearning"));
                if (json == null) {
                    return null;
                }
                HostLearningConfig c = new HostLearningConfig();
                c.init((ConnectPoint) subject, "hostLearning", json, mapper, null);
                return (C) c;
            }
            return configClass == FudpConfig.class ? (C) current : null;
        }

        /** Behaves like ONOS's store: validates, keeps the old config if invalid, else fires. */
        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
            FudpConfig c = make(json);
            c.isValid();
            current = c;
            fire(NetworkConfigEvent.Type.CONFIG_UPDATED, c);
            return (C) c;
        }

        FudpConfig make(JsonNode json) {
            FudpConfig c = new FudpConfig();
            c.init(TestCoreService.APP_ID, FudpConfig.CONFIG_KEY, json, mapper, null);
            return c;
        }

        FudpConfig make(String json) {
            try {
                return make(mapper.readTree(json));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(e);
            }
        }

        /** Delivers an event for a config that bypassed validation (as when posted before activation). */
        void fire(NetworkConfigEvent.Type type, FudpConfig c) {
            NetworkConfigEvent e = new NetworkConfigEvent(type, TestCoreService.APP_ID, c, null, FudpConfig.class);
            for (NetworkConfigListener l : new ArrayList<>(listeners)) {
                if (l.isRelevant(e)) {
                    l.event(e);
                }
            }
        }
    }

    /**
     * Returns an IPv4 packet of a flow, from host N's MAC (00:00:00:00:00:0N for 10.0.0.N) to 10.0.0.4's.
     *
     * @param t the flow
     * @return the frame
     */
    static byte[] dataPacket(org.fudp.protocol.FiveTuple t) {
        org.onlab.packet.IPv4 ip = new org.onlab.packet.IPv4();
        ip.setSourceAddress(IpAddress.valueOf(t.src()).toString());
        ip.setDestinationAddress(IpAddress.valueOf(t.dst()).toString());
        ip.setProtocol((byte) t.protocol());
        ip.setTtl((byte) 64);
        ip.setPayload(t.protocol() == org.fudp.protocol.FiveTuple.TCP
                ? new org.onlab.packet.TCP().setSourcePort(t.srcPort()).setDestinationPort(t.dstPort())
                : new org.onlab.packet.UDP().setSourcePort(t.srcPort()).setDestinationPort(t.dstPort()));
        org.onlab.packet.Ethernet eth = new org.onlab.packet.Ethernet();
        eth.setEtherType(org.onlab.packet.Ethernet.TYPE_IPV4);
        eth.setSourceMACAddress("00:00:00:00:00:0" + t.src().getAddress()[3]);
        eth.setDestinationMACAddress("00:00:00:00:00:04");
        eth.setPayload(ip);
        return eth.serialize();
    }

    /** Records processors, requests and emitted packets. */
    static final class TestPacketService extends PacketServiceAdapter {
        PacketProcessor processor;

        /**
         * Returns the control frames (the default control EtherType) emitted from a position of {@link #emitted} on.
         *
         * @param from the first emitted packet to look at
         * @return the whole Ethernet frames, in order
         */
        List<byte[]> controlFrames(int from) {
            List<byte[]> out = new ArrayList<>();
            for (OutboundPacket p : emitted.subList(from, emitted.size())) {
                java.nio.ByteBuffer data = p.data().duplicate();
                byte[] frame = new byte[data.remaining()];
                data.get(frame);
                if (org.fudp.protocol.EthernetFrame.parse(frame).etherType()
                        == org.fudp.protocol.EthernetFrame.DEFAULT_ETHER_TYPE) {
                    out.add(frame);
                }
            }
            return out;
        }

        /**
         * Hands a frame to the app's processor as ONOS hands it a packet-in.
         *
         * @param at where the frame came in
         * @param frame the whole Ethernet frame
         */
        void packetIn(ConnectPoint at, byte[] frame) {
            try {
                org.onlab.packet.Ethernet eth = org.onlab.packet.Ethernet.deserializer().deserialize(frame, 0,
                        frame.length);
                processor.process(new TestPacketContext(new org.onosproject.net.packet.DefaultInboundPacket(at, eth,
                        java.nio.ByteBuffer.wrap(frame))));
            } catch (org.onlab.packet.DeserializationException e) {
                throw new IllegalArgumentException(e);
            }
        }
        final Set<String> requested = new HashSet<>();
        /** The requests in force, as the punt rules ONOS would install for them: key to (selector, priority). */
        final Map<String, Map.Entry<TrafficSelector, PacketPriority>> punts = new LinkedHashMap<>();
        final List<String> cancelled = new ArrayList<>();
        final List<OutboundPacket> emitted = new ArrayList<>();

        @Override
        public void addProcessor(PacketProcessor p, int priority) {
            processor = p;
        }

        @Override
        public void removeProcessor(PacketProcessor p) {
            if (processor == p) {
                processor = null;
            }
        }

        @Override
        public void requestPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                                   Optional<org.onosproject.net.DeviceId> deviceId) {
            requested.add(key(selector, priority, deviceId));
            punts.put(key(selector, priority, deviceId), Map.entry(selector, priority));
        }

        @Override
        public void cancelPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                                  Optional<org.onosproject.net.DeviceId> deviceId) {
            String k = key(selector, priority, deviceId);
            requested.remove(k);
            punts.remove(k);
            cancelled.add(k);
        }

        private static String key(TrafficSelector s, PacketPriority p, Optional<org.onosproject.net.DeviceId> d) {
            return s + "|" + p + "|" + d.map(Object::toString).orElse("*");
        }

        @Override
        public void emit(OutboundPacket packet) {
            emitted.add(packet);
        }
    }

    /** A packet context that records what the processor decided. */
    static final class TestPacketContext extends DefaultPacketContext {
        boolean sent;

        TestPacketContext(InboundPacket in) {
            super(0, in, null, false);
        }

        @Override
        public void send() {
            if (!block()) {
                sent = true;
            }
        }
    }

    /** Holds rules and serves their counters as flow entries. */
    static class TestFlowRuleService extends FlowRuleServiceAdapter {
        final Map<FlowId, FlowRule> rules = new LinkedHashMap<>();
        final List<FlowRule> removed = new ArrayList<>();
        final Map<FlowId, Counter> counters = new HashMap<>();
        FlowRuleListener listener;
        ApplicationId removedById;

        /** A rule's byte counter as the switch last reported it. */
        static final class Counter {
            long bytes;
            long sampleMs;
            long installedMs;

            Counter(long installedMs) {
                this.installedMs = installedMs;
            }
        }

        @Override
        public void applyFlowRules(FlowRule... flowRules) {
            Arrays.stream(flowRules).forEach(r -> rules.put(r.id(), r));
        }

        @Override
        public void apply(org.onosproject.net.flow.FlowRuleOperations ops) {
            ops.stages().forEach(stage -> stage.forEach(op -> {
                if (op.type() == org.onosproject.net.flow.FlowRuleOperation.Type.REMOVE) {
                    removeFlowRules(op.rule());
                } else {
                    rules.put(op.rule().id(), op.rule());
                }
            }));
            if (ops.callback() != null) {
                ops.callback().onSuccess(ops);
            }
        }

        @Override
        public void removeFlowRules(FlowRule... flowRules) {
            for (FlowRule r : flowRules) {
                if (rules.remove(r.id()) != null) {
                    removed.add(r);
                    counters.remove(r.id());
                }
            }
        }

        @Override
        public void removeFlowRulesById(ApplicationId id) {
            removedById = id;
            rules.values().removeIf(r -> r.appId() == id.id());
        }

        @Override
        public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
            List<FlowEntry> entries = new ArrayList<>();
            for (FlowRule r : rules.values()) {
                Counter c = counters.get(r.id());
                if (c != null && r.appId() == id.id()) {
                    entries.add(new SampledEntry(r, c));
                }
            }
            return entries;
        }

        @Override
        public Iterable<FlowEntry> getFlowEntries(org.onosproject.net.DeviceId deviceId) {
            List<FlowEntry> entries = new ArrayList<>();
            for (FlowRule r : rules.values()) {
                Counter c = counters.get(r.id());
                if (c != null && r.deviceId().equals(deviceId)) {
                    entries.add(new SampledEntry(r, c));
                }
            }
            return entries;
        }

        @Override
        public void addListener(FlowRuleListener l) {
            listener = l;
        }

        @Override
        public void removeListener(FlowRuleListener l) {
            if (listener == l) {
                listener = null;
            }
        }

        /** Plays the switch idling a rule out. */
        void idleOut(FlowRule r) {
            rules.remove(r.id());
            FlowRuleEvent e = new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, r);
            if (listener != null && listener.isRelevant(e)) {
                listener.event(e);
            }
        }

        List<FlowRule> rulesOn(org.onosproject.net.DeviceId d) {
            return rules.values().stream().filter(r -> r.deviceId().equals(d)).collect(Collectors.toList());
        }
    }

    /** A flow entry whose counter and sample time the test controls. */
    static final class SampledEntry extends DefaultFlowEntry {
        private final long sampleMs;

        SampledEntry(FlowRule rule, TestFlowRuleService.Counter c) {
            super(rule, FlowEntryState.ADDED, c.sampleMs - c.installedMs, TimeUnit.MILLISECONDS, 0, c.bytes);
            this.sampleMs = c.sampleMs;
        }

        @Override
        public long lastSeen() {
            return sampleMs;
        }
    }

    /** Knows a fixed set of hosts. */
    static final class TestHostService extends HostServiceAdapter {
        final List<Host> hosts = new ArrayList<>();

        /**
         * Plays HostLocationProvider learning from a packet a host sent: unless learning is off at
         * that connect point (providers/host .../HostLocationProvider.java, processPacketInternal:
         * "if learning is disabled bail out"), a host seen elsewhere moves there.
         *
         * @param netcfg where HostLearningConfig is looked up
         * @param mac the sender's MAC
         * @param at where the packet came in
         */
        void heard(TestNetcfg netcfg, MacAddress mac, ConnectPoint at) {
            HostLearningConfig cfg = netcfg.getConfig(at, HostLearningConfig.class);
            if (cfg != null && !cfg.hostLearningEnabled()) {
                return;
            }
            for (int i = 0; i < hosts.size(); i++) {
                Host h = hosts.get(i);
                if (h.mac().equals(mac)) {
                    hosts.set(i, new DefaultHost(h.providerId(), h.id(), h.mac(), h.vlan(),
                            new HostLocation(at, 0), h.ipAddresses()));
                }
            }
        }

        @Override
        public Host getHost(org.onosproject.net.HostId hostId) {
            return hosts.stream().filter(h -> h.id().equals(hostId)).findFirst().orElse(null);
        }

        @Override
        public Set<Host> getHostsByIp(IpAddress ip) {
            return hosts.stream().filter(h -> h.ipAddresses().contains(ip)).collect(Collectors.toSet());
        }

        @Override
        public Set<Host> getHostsByMac(MacAddress mac) {
            return hosts.stream().filter(h -> h.mac().equals(mac)).collect(Collectors.toSet());
        }
    }

    /** A component context carrying given properties. */
    static final class TestContext extends ComponentContextAdapter {
        final Hashtable<String, Object> props = new Hashtable<>();

        @Override
        public Dictionary getProperties() {
            return props;
        }
    }
}
