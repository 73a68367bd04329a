package org.fudp.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.fudp.algorithm.Allocations;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.algorithm.Protocol;
import org.fudp.api.AgentState;
import org.fudp.api.AllocationState;
import org.fudp.api.Bottleneck;
import org.fudp.api.CfsSample;
import org.fudp.api.ControlStatus;
import org.fudp.api.CorrelationFlowSet;
import org.fudp.api.DecisionRecord;
import org.fudp.api.Facility;
import org.fudp.api.FlowRecord;
import org.fudp.api.FlowSample;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpEvent;
import org.fudp.api.FudpListener;
import org.fudp.api.FudpService;
import org.fudp.api.FudpStoreDelegate;
import org.fudp.config.FudpConfig;
import org.fudp.config.FudpConfigException;
import org.fudp.config.FudpConfigFactory;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IPv6;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.TpPort;
import org.onlab.packet.UDP;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.host.HostService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.topology.PathService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.fudp.impl.OsgiPropertyConstants.*;
import static org.onlab.util.Tools.groupedThreads;

/**
 * Runs the FUDP closed loop (paper, Fig. 2) inside ONOS: FIC learns flows from packet-ins at
 * the facility switches and measures them from their rules' counters, flows are grouped into
 * correlation flow sets, FUDPA ({@code org.fudp.algorithm}) decides per set each period, and UFC
 * sends the allocations to the adjustors through an {@link EnforcementBackend}.
 * <p>
 * Threading: packet-ins, flow rule events, config events and the period all take one lock, so
 * the loop's working state has one writer at a time; the published views live in the store.
 * </p>
 */
@Component(immediate = true,
        service = {FudpService.class, FudpAdminService.class},
        property = {
                CONTROL_PERIOD_MS + ":Integer=" + CONTROL_PERIOD_MS_DEFAULT,
                ALPHA + ":Double=" + ALPHA_DEFAULT,
                BETA + ":Double=" + BETA_DEFAULT,
                FLOW_IDLE_TIMEOUT + ":Integer=" + FLOW_IDLE_TIMEOUT_DEFAULT,
                FLOW_PRIORITY + ":Integer=" + FLOW_PRIORITY_DEFAULT,
                ENABLED + ":Boolean=" + ENABLED_DEFAULT,
                DRY_RUN + ":Boolean=" + DRY_RUN_DEFAULT,
                CONTROL_ETHER_TYPE + "=" + CONTROL_ETHER_TYPE_DEFAULT,
                HEARTBEAT_TIMEOUT_MS + ":Integer=" + HEARTBEAT_TIMEOUT_MS_DEFAULT,
                HEARTBEAT_INTERVAL_MS + ":Integer=" + HEARTBEAT_INTERVAL_MS_DEFAULT,
                ACK_TIMEOUT_MS + ":Integer=" + ACK_TIMEOUT_MS_DEFAULT,
                HISTORY_LENGTH + ":Integer=" + HISTORY_LENGTH_DEFAULT,
                KEY_FILE + "=" + KEY_FILE_DEFAULT,
        })
public class FudpManager extends AbstractListenerManager<FudpEvent, FudpListener>
        implements FudpAdminService {

    /** The application name registered with ONOS; app.xml carries the same name. */
    public static final String APP_NAME = "org.fudp.app";

    /** Our sender id in control frames ("FUDP" and instance 1). */
    static final long SENDER_ID = 0x4655_4450_0000_0001L;

    private static final long MIN_PERIOD_MS = 100;
    private static final long TICK_MS = 250;
    private static final int MIN_BURST_BYTES = 2 * 1514;

    /**
     * A flow joins its CFS once it carries ten full frames a second (about 121 kbit/s). Without
     * this, small flows such as iperf3's control connection or DNS would count as TCP or UDP
     * flows and pull the per-flow averages the fairness band is built on toward zero.
     */
    static final double JOIN_BPS = 10 * 1514 * 8;
    /** A period in which a flow carries less than one full frame a second is idle. */
    static final double IDLE_BPS = 1514 * 8;
    /**
     * A member leaves its CFS after this many idle periods in a row (and is forgotten when its
     * rules idle out). A TCP flow starved into retransmission timeouts carries nothing for a
     * while; dropping it at once would make the set look TCP-free, and FUDPA would lift the UDP
     * limits exactly when TCP needs them most. The price: a TCP flow that ended counts, at rate
     * 0, for this many periods.
     */
    static final int GRACE_PERIODS = 3;

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry netcfgRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PathService pathService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    /** Control period in milliseconds (paper: 5 s); at least 100. */
    private int controlPeriodMs = CONTROL_PERIOD_MS_DEFAULT;

    /** Weight of the new TCP measurement in the prediction, Eq. (1); strictly between 0 and 1 (paper: 0.875). */
    private double alpha = ALPHA_DEFAULT;

    /** Weight of the new deviation, Eq. (2); strictly between 0 and 1 (paper: 0.25). */
    private double beta = BETA_DEFAULT;

    /** Idle timeout of the per-flow rules in seconds; a flow leaves its CFS when they idle out. */
    private int flowIdleTimeout = FLOW_IDLE_TIMEOUT_DEFAULT;

    /** Priority of the per-flow rules (the rule back from the adjustor gets one more); 1..65534. */
    private int flowPriority = FLOW_PRIORITY_DEFAULT;

    /** Run the control loop; false: flows are still measured, no allocation, adjustors released. */
    private boolean enabled = ENABLED_DEFAULT;

    /** Dry-run: compute and report allocations but send nothing to the adjustors. */
    private boolean dryRun = DRY_RUN_DEFAULT;

    /** EtherType of the control frames, e.g. 0x88b5; only frames of this type are requested. */
    private String controlEtherType = CONTROL_ETHER_TYPE_DEFAULT;

    /** Milliseconds without a frame from an adjustor agent before it is declared down. */
    private int heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS_DEFAULT;

    /** Milliseconds between controller heartbeats to an adjustor sent nothing else; keeps its fail-safe off. */
    private int heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS_DEFAULT;

    /** Milliseconds before an unacknowledged allocation snapshot is sent again. */
    private int ackTimeoutMs = ACK_TIMEOUT_MS_DEFAULT;

    /** Control periods of history (and decision records) kept per CFS and per flow. */
    private int historyLength = HISTORY_LENGTH_DEFAULT;

    /** File of HMAC keys for control frames: lines "keyId = hexkey"; facilities pick one by keyId. */
    private String keyFile = KEY_FILE_DEFAULT;

    /** Time source; tests replace it before activation. */
    Clock clock = Clock.systemUTC();

    /** Whether activation schedules the period itself; tests drive {@link #runPeriod} instead. */
    boolean autoSchedule = true;

    private final Object lock = new Object();
    private final ObjectMapper mapper = new ObjectMapper();
    private final FudpConfigFactory configFactory = new FudpConfigFactory();
    private final InternalPacketProcessor packetProcessor = new InternalPacketProcessor();
    private final InternalFlowRuleListener flowRuleListener = new InternalFlowRuleListener();
    private final InternalConfigListener configListener = new InternalConfigListener();
    private final FudpStoreDelegate delegate = this::post;
    private final EnforcementBackend.AgentFeedback feedback = new InternalFeedback();

    private ApplicationId appId;
    private SimpleFudpStore store;
    private CfsGrouper grouper;
    private TcAdjustorBackend backend;
    private ScheduledExecutorService executor;
    private ScheduledFuture<?> periodTask;
    private ScheduledFuture<?> tickTask;
    private int etherType = Integer.decode(CONTROL_ETHER_TYPE_DEFAULT);
    private FudpaConfig fudpaConfig = FudpaConfig.defaults();
    private long epoch;
    private long periods;
    private long lastPeriodMs;

    private volatile List<Facility> facilities = ImmutableList.of();
    private volatile List<Bottleneck> bottlenecks = ImmutableList.of();
    private final Map<DeviceId, Facility> facilityByDevice = new HashMap<>();
    private final Map<DeviceId, AgentTracker> agents = new LinkedHashMap<>();
    private final Map<FiveTuple, TrackedFlow> flows = new LinkedHashMap<>();
    private final Map<FlowId, FiveTuple> flowByRule = new HashMap<>();
    private final Map<String, CfsController> controllers = new HashMap<>();
    private final Map<FiveTuple, Long> allocations = new HashMap<>();
    private final Map<String, Map<FiveTuple, Long>> toldByCfs = new HashMap<>();
    private final Set<String> changedThisPeriod = new HashSet<>();
    private Map<String, CfsGrouper.Group> lastGroups = new HashMap<>();
    private Map<String, List<TrackedFlow>> lastMembers = new HashMap<>();
    private final Set<PacketRequest> packetRequests = new LinkedHashSet<>();

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(APP_NAME);
        store = new SimpleFudpStore(historyLength);
        store.setDelegate(delegate);
        eventDispatcher.addSink(FudpEvent.class, listenerRegistry);
        grouper = new CfsGrouper(hostService, pathService, deviceService);
        cfgService.registerProperties(getClass());
        readProperties(context == null ? null : context.getProperties());
        epoch = clock.millis();
        periods = 0;
        backend = newBackend();
        packetService.addProcessor(packetProcessor, PacketProcessor.director(1));
        flowRuleService.addListener(flowRuleListener);
        netcfgRegistry.registerConfigFactory(configFactory);
        netcfgRegistry.addListener(configListener);
        readNetworkConfig(netcfgRegistry.getConfig(appId, FudpConfig.class));
        if (autoSchedule) {
            executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("fudp", "loop-%d", log));
            schedule();
        }
        log.info("Started {}: period {} ms, {} facilities, {} bottlenecks", appId.name(), controlPeriodMs,
                facilities.size(), bottlenecks.size());
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context == null ? null : context.getProperties());
    }

    @Deactivate
    protected void deactivate() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
        netcfgRegistry.removeListener(configListener);
        netcfgRegistry.unregisterConfigFactory(configFactory);
        packetService.removeProcessor(packetProcessor);
        flowRuleService.removeListener(flowRuleListener);
        synchronized (lock) {
            for (AgentTracker t : agents.values()) {
                backend.sendClearAll(t.facility(), t.nextSnapshotId());
            }
            cancelAllPackets();
            flowRuleService.removeFlowRulesById(appId);
            flows.clear();
            flowByRule.clear();
            agents.clear();
            facilityByDevice.clear();
            controllers.clear();
            allocations.clear();
        }
        cfgService.unregisterProperties(getClass(), false);
        eventDispatcher.removeSink(FudpEvent.class);
        store.unsetDelegate(delegate);
        store.clear();
        log.info("Stopped");
    }

    // ---------------------------------------------------------------- component config

    private void readProperties(Dictionary<?, ?> properties) {
        if (properties == null) {
            return;
        }
        boolean reschedule;
        boolean newBackend;
        synchronized (lock) {
            int oldPeriod = controlPeriodMs;
            controlPeriodMs = intProperty(properties, CONTROL_PERIOD_MS, controlPeriodMs, MIN_PERIOD_MS, 3_600_000);
            reschedule = oldPeriod != controlPeriodMs;
            double a = doubleProperty(properties, ALPHA, alpha);
            double b = doubleProperty(properties, BETA, beta);
            if (a != alpha || b != beta) {
                try {
                    fudpaConfig = FudpaConfig.defaults().toBuilder().alpha(a).beta(b).build();
                    alpha = a;
                    beta = b;
                    // The predictor's state was built with the old weights; start it afresh.
                    controllers.clear();
                } catch (IllegalArgumentException e) {
                    log.error("Invalid alpha/beta ({}, {}): {}; keeping {}, {}", a, b, e.getMessage(), alpha, beta);
                }
            }
            flowIdleTimeout = intProperty(properties, FLOW_IDLE_TIMEOUT, flowIdleTimeout, 1, 65535);
            flowPriority = intProperty(properties, FLOW_PRIORITY, flowPriority, 1, 65534);
            enabled = booleanProperty(properties, ENABLED, enabled);
            dryRun = booleanProperty(properties, DRY_RUN, dryRun);
            heartbeatTimeoutMs = intProperty(properties, HEARTBEAT_TIMEOUT_MS, heartbeatTimeoutMs, 100, 3_600_000);
            ackTimeoutMs = intProperty(properties, ACK_TIMEOUT_MS, ackTimeoutMs, 10, 3_600_000);
            heartbeatIntervalMs = intProperty(properties, HEARTBEAT_INTERVAL_MS, heartbeatIntervalMs, 100, 3_600_000);
            historyLength = intProperty(properties, HISTORY_LENGTH, historyLength, 1, 1_000_000);
            if (store != null) {
                store.setHistoryLength(historyLength);
            }
            String oldKeyFile = keyFile;
            String kf = Tools.get(properties, KEY_FILE);
            if (kf != null && !kf.trim().isEmpty()) {
                keyFile = kf.trim();
            }
            int oldEtherType = etherType;
            String et = Tools.get(properties, CONTROL_ETHER_TYPE);
            if (et != null) {
                Integer parsed = parseEtherType(et);
                if (parsed == null) {
                    log.error("Invalid {} \"{}\": must be an EtherType 0x0600..0xffff that is not IPv4, IPv6, "
                            + "ARP, VLAN or LLDP; keeping {}", CONTROL_ETHER_TYPE, et, controlEtherType);
                } else {
                    etherType = parsed;
                    controlEtherType = String.format("0x%04x", parsed);
                }
            }
            newBackend = backend != null && (oldEtherType != etherType || !oldKeyFile.equals(keyFile));
            if (newBackend) {
                if (oldEtherType != etherType) {
                    for (Facility f : facilities) {
                        cancelControlPackets(f.deviceId(), oldEtherType);
                        requestControlPackets(f.deviceId());
                    }
                }
                // A new encoder restarts its sequence numbers, so it needs a newer epoch to be accepted.
                epoch = Math.max(clock.millis(), epoch + 1);
                backend = newBackend();
                agents.values().forEach(AgentTracker::resync);
            }
        }
        if (reschedule && executor != null) {
            schedule();
        }
    }

    private int intProperty(Dictionary<?, ?> properties, String name, int current, long min, long max) {
        String s = Tools.get(properties, name);
        if (s == null) {
            return current;
        }
        try {
            long v = Long.parseLong(s.trim());
            if (v >= min && v <= max) {
                return (int) v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        log.error("Invalid {} \"{}\": must be an integer {}..{}; keeping {}", name, s, min, max, current);
        return current;
    }

    private double doubleProperty(Dictionary<?, ?> properties, String name, double current) {
        String s = Tools.get(properties, name);
        if (s == null) {
            return current;
        }
        try {
            double v = Double.parseDouble(s.trim());
            if (v > 0 && v < 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        log.error("Invalid {} \"{}\": must be a number strictly between 0 and 1; keeping {}", name, s, current);
        return current;
    }

    private boolean booleanProperty(Dictionary<?, ?> properties, String name, boolean current) {
        String s = Tools.get(properties, name);
        if (s == null) {
            return current;
        }
        if ("true".equalsIgnoreCase(s.trim()) || "false".equalsIgnoreCase(s.trim())) {
            return Boolean.parseBoolean(s.trim());
        }
        log.error("Invalid {} \"{}\": must be true or false; keeping {}", name, s, current);
        return current;
    }

    /**
     * Parses a control EtherType, refusing the ones the data plane needs for itself.
     *
     * @param text e.g. "0x88b5" or "34997"
     * @return the EtherType, or null if unusable
     */
    static Integer parseEtherType(String text) {
        int v;
        try {
            v = Integer.decode(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
        Set<Integer> reserved = Set.of(0x0800, 0x86dd, 0x0806, 0x8100, 0x88a8, 0x88cc, 0x8942);
        if (v < 0x0600 || v > 0xffff || reserved.contains(v)) {
            return null;
        }
        return v;
    }

    private TcAdjustorBackend newBackend() {
        String keyText = null;
        try {
            keyText = Files.readString(Paths.get(keyFile), StandardCharsets.UTF_8);
        } catch (IOException e) {
            log.warn("No key file {} ({}): control frames can be neither sent nor verified", keyFile, e.toString());
        }
        try {
            return new TcAdjustorBackend(packetService, clock, SENDER_ID, epoch, etherType, keyText, feedback);
        } catch (IllegalArgumentException e) {
            log.error("Key file {} is unusable: {}", keyFile, e.getMessage());
            return new TcAdjustorBackend(packetService, clock, SENDER_ID, epoch, etherType, null, feedback);
        }
    }

    private void schedule() {
        if (periodTask != null) {
            periodTask.cancel(false);
        }
        if (tickTask != null) {
            tickTask.cancel(false);
        }
        periodTask = executor.scheduleAtFixedRate(this::safeRunPeriod, controlPeriodMs, controlPeriodMs,
                TimeUnit.MILLISECONDS);
        tickTask = executor.scheduleAtFixedRate(this::safeTick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    private void safeRunPeriod() {
        try {
            runPeriod(clock.millis());
        } catch (RuntimeException e) {
            // One bad period must not stop the scheduler for good.
            log.error("Control period failed", e);
        }
    }

    private void safeTick() {
        try {
            tick(clock.millis());
        } catch (RuntimeException e) {
            log.error("Agent check failed", e);
        }
    }

    // ---------------------------------------------------------------- network config

    private void readNetworkConfig(FudpConfig config) {
        if (config == null) {
            applyConfig(ImmutableList.of(), ImmutableList.of());
            return;
        }
        List<Facility> newFacilities;
        List<Bottleneck> newBottlenecks;
        try {
            newFacilities = config.facilities();
            newBottlenecks = config.bottlenecks();
        } catch (FudpConfigException e) {
            log.error("Rejected the FUDP network config, the previous one stays in force: {}", e.getMessage());
            return;
        }
        applyConfig(newFacilities, newBottlenecks);
    }

    private void applyConfig(List<Facility> newFacilities, List<Bottleneck> newBottlenecks) {
        synchronized (lock) {
            Map<DeviceId, Facility> wanted = new LinkedHashMap<>();
            newFacilities.forEach(f -> wanted.put(f.deviceId(), f));
            for (Facility old : ImmutableList.copyOf(facilityByDevice.values())) {
                if (!old.equals(wanted.get(old.deviceId()))) {
                    removeFacility(old);
                }
            }
            for (Facility f : newFacilities) {
                if (!facilityByDevice.containsKey(f.deviceId())) {
                    addFacility(f);
                }
            }
            facilities = ImmutableList.copyOf(newFacilities);
            bottlenecks = ImmutableList.copyOf(newBottlenecks);
        }
        log.info("FUDP config in force: {} facilities, {} bottlenecks", newFacilities.size(), newBottlenecks.size());
    }

    private void addFacility(Facility f) {
        facilityByDevice.put(f.deviceId(), f);
        AgentTracker tracker = new AgentTracker(f);
        agents.put(f.deviceId(), tracker);
        requestControlPackets(f.deviceId());
        for (TrafficSelector s : dataSelectors()) {
            request(new PacketRequest(s, PacketPriority.REACTIVE, f.deviceId()));
        }
        String problem = backend.keyProblem(f);
        if (problem != null) {
            log.warn("Facility {}: {}; its adjustor cannot be controlled", f.deviceId(), problem);
        }
        store.putAgent(tracker.view());
    }

    private void removeFacility(Facility f) {
        AgentTracker tracker = agents.remove(f.deviceId());
        if (tracker != null) {
            backend.sendClearAll(f, tracker.nextSnapshotId());
        }
        for (PacketRequest r : ImmutableList.copyOf(packetRequests)) {
            if (r.deviceId.equals(f.deviceId())) {
                cancel(r);
            }
        }
        for (TrackedFlow tf : ImmutableList.copyOf(flows.values())) {
            if (tf.facility.deviceId().equals(f.deviceId())) {
                forgetFlow(tf, true);
            }
        }
        facilityByDevice.remove(f.deviceId());
        store.removeAgent(f.deviceId());
    }

    private static List<TrafficSelector> dataSelectors() {
        List<TrafficSelector> list = new ArrayList<>();
        for (short type : new short[]{Ethernet.TYPE_IPV4, Ethernet.TYPE_IPV6}) {
            for (byte proto : new byte[]{IPv4.PROTOCOL_TCP, IPv4.PROTOCOL_UDP}) {
                list.add(DefaultTrafficSelector.builder().matchEthType(type).matchIPProtocol(proto).build());
            }
        }
        return list;
    }

    private void requestControlPackets(DeviceId device) {
        request(new PacketRequest(controlSelector(etherType), PacketPriority.CONTROL, device));
    }

    private void cancelControlPackets(DeviceId device, int type) {
        cancel(new PacketRequest(controlSelector(type), PacketPriority.CONTROL, device));
    }

    private static TrafficSelector controlSelector(int type) {
        return DefaultTrafficSelector.builder().matchEthType((short) type).build();
    }

    private void request(PacketRequest r) {
        if (packetRequests.add(r)) {
            packetService.requestPackets(r.selector, r.priority, appId, Optional.of(r.deviceId));
        }
    }

    private void cancel(PacketRequest r) {
        if (packetRequests.remove(r)) {
            packetService.cancelPackets(r.selector, r.priority, appId, Optional.of(r.deviceId));
        }
    }

    private void cancelAllPackets() {
        for (PacketRequest r : ImmutableList.copyOf(packetRequests)) {
            cancel(r);
        }
    }

    // ---------------------------------------------------------------- FIC, passive

    /**
     * Learns a flow from its first packet at a facility: resolves the port onward to the
     * destination and installs the per-flow rules.
     *
     * @return the flow, or null if it cannot be steered
     */
    private TrackedFlow learn(Facility f, FiveTuple t, PortNumber inPort, MacAddress dstMac, long now) {
        TrackedFlow known = flows.get(t);
        if (known != null) {
            return known;
        }
        PortNumber onward = onwardPort(f, IpAddress.valueOf(t.dst()), dstMac);
        if (onward == null || onward.equals(inPort)) {
            log.debug("No onward port at {} for {}; leaving it to other apps", f.deviceId(), t);
            return null;
        }
        boolean udp = t.protocol() == FiveTuple.UDP;
        FlowRule main = rule(f.deviceId(), selector(t, null), udp ? f.adjustorPort() : onward, flowPriority);
        FlowRule back = udp ? rule(f.deviceId(), selector(t, f.returnPort()), onward, flowPriority + 1) : null;
        if (back != null) {
            flowRuleService.applyFlowRules(main, back);
            flowByRule.put(back.id(), t);
        } else {
            flowRuleService.applyFlowRules(main);
        }
        flowByRule.put(main.id(), t);
        // A rate is repeated without a new sample for at most two periods.
        TrackedFlow tf = new TrackedFlow(t, f, onward, main, back, 2L * controlPeriodMs + 1, now);
        flows.put(t, tf);
        store.putFlow(record(tf, now));
        return tf;
    }

    /**
     * Finds the port by which a flow leaves the facility toward its destination: the
     * destination host's own port if it hangs off the facility, else the first hop of the path
     * ONOS knows to it, else (routed networks, where the destination is behind a router) the
     * port toward the frame's next hop, the host that owns its destination MAC.
     */
    private PortNumber onwardPort(Facility f, IpAddress dst, MacAddress dstMac) {
        PortNumber p = towardHosts(f, hostService.getHostsByIp(dst));
        if (p == null && dstMac != null) {
            p = towardHosts(f, hostService.getHostsByMac(dstMac));
        }
        if (p == null || p.equals(f.adjustorPort()) || p.equals(f.returnPort())) {
            return null;
        }
        return p;
    }

    private PortNumber towardHosts(Facility f, Set<Host> hosts) {
        if (hosts == null) {
            return null;
        }
        for (Host h : hosts) {
            if (h.location().deviceId().equals(f.deviceId())) {
                return h.location().port();
            }
        }
        for (Host h : hosts) {
            Set<Path> paths = pathService.getPaths(f.deviceId(), h.id());
            if (paths == null) {
                continue;
            }
            for (Path path : paths) {
                if (!path.links().isEmpty()) {
                    Link first = path.links().get(0);
                    if (first.src().elementId().equals(f.deviceId())) {
                        return first.src().port();
                    }
                }
            }
        }
        return null;
    }

    private static TrafficSelector selector(FiveTuple t, PortNumber inPort) {
        TrafficSelector.Builder b = DefaultTrafficSelector.builder();
        if (inPort != null) {
            b.matchInPort(inPort);
        }
        IpAddress src = IpAddress.valueOf(t.src());
        IpAddress dst = IpAddress.valueOf(t.dst());
        if (t.isIpv4()) {
            b.matchEthType(Ethernet.TYPE_IPV4).matchIPSrc(src.toIpPrefix()).matchIPDst(dst.toIpPrefix());
        } else {
            b.matchEthType(Ethernet.TYPE_IPV6).matchIPv6Src(src.toIpPrefix()).matchIPv6Dst(dst.toIpPrefix());
        }
        b.matchIPProtocol((byte) t.protocol());
        if (t.protocol() == FiveTuple.UDP) {
            b.matchUdpSrc(TpPort.tpPort(t.srcPort())).matchUdpDst(TpPort.tpPort(t.dstPort()));
        } else {
            b.matchTcpSrc(TpPort.tpPort(t.srcPort())).matchTcpDst(TpPort.tpPort(t.dstPort()));
        }
        return b.build();
    }

    private FlowRule rule(DeviceId device, TrafficSelector selector, PortNumber out, int priority) {
        return DefaultFlowRule.builder().forDevice(device).withSelector(selector)
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(out).build())
                .withPriority(priority).fromApp(appId).makeTemporary(flowIdleTimeout).build();
    }

    /**
     * Reads the 5-tuple of an IPv4 or IPv6 TCP or UDP packet.
     *
     * @param eth the parsed frame
     * @return the 5-tuple, or null for anything else
     */
    static FiveTuple fiveTuple(Ethernet eth) {
        try {
            if (eth.getEtherType() == Ethernet.TYPE_IPV4 && eth.getPayload() instanceof IPv4) {
                IPv4 ip = (IPv4) eth.getPayload();
                return transport(ip.getProtocol() & 0xff, IpAddress.valueOf(ip.getSourceAddress()).toInetAddress(),
                        IpAddress.valueOf(ip.getDestinationAddress()).toInetAddress(), ip.getPayload());
            }
            if (eth.getEtherType() == Ethernet.TYPE_IPV6 && eth.getPayload() instanceof IPv6) {
                IPv6 ip = (IPv6) eth.getPayload();
                return transport(ip.getNextHeader() & 0xff, InetAddress.getByAddress(ip.getSourceAddress()),
                        InetAddress.getByAddress(ip.getDestinationAddress()), ip.getPayload());
            }
        } catch (UnknownHostException | IllegalArgumentException e) {
            return null;
        }
        return null;
    }

    private static FiveTuple transport(int proto, InetAddress src, InetAddress dst,
                                       org.onlab.packet.IPacket l4) {
        if (proto == FiveTuple.TCP && l4 instanceof TCP) {
            TCP tcp = (TCP) l4;
            return new FiveTuple(proto, src, dst, tcp.getSourcePort(), tcp.getDestinationPort());
        }
        if (proto == FiveTuple.UDP && l4 instanceof UDP) {
            UDP udp = (UDP) l4;
            return new FiveTuple(proto, src, dst, udp.getSourcePort(), udp.getDestinationPort());
        }
        return null;
    }

    private void ruleRemoved(FlowRule rule) {
        synchronized (lock) {
            FiveTuple t = flowByRule.get(rule.id());
            TrackedFlow tf = t == null ? null : flows.get(t);
            if (tf != null) {
                forgetFlow(tf, true);
            }
        }
    }

    private void forgetFlow(TrackedFlow tf, boolean removeRules) {
        flows.remove(tf.tuple);
        flowByRule.remove(tf.mainRule.id());
        if (tf.backRule != null) {
            flowByRule.remove(tf.backRule.id());
        }
        if (removeRules) {
            if (tf.backRule != null) {
                flowRuleService.removeFlowRules(tf.mainRule, tf.backRule);
            } else {
                flowRuleService.removeFlowRules(tf.mainRule);
            }
        }
        allocations.remove(tf.tuple);
        store.removeFlow(tf.tuple);
    }

    // ---------------------------------------------------------------- the period

    /**
     * Runs one control period: FIC active (counters to rates), CFS grouping, FUDPA per CFS,
     * UFC (desired state per facility, sent if changed), then publishes views and history.
     *
     * @param now the period's time, epoch milliseconds
     */
    void runPeriod(long now) {
        synchronized (lock) {
            periods++;
            lastPeriodMs = now;
            measure(now);
            Map<String, CfsGrouper.Group> groups = new LinkedHashMap<>();
            Map<String, List<TrackedFlow>> members = new LinkedHashMap<>();
            List<Bottleneck> bns = bottlenecks;
            for (TrackedFlow tf : flows.values()) {
                if (!tf.updateMembership(JOIN_BPS, IDLE_BPS, GRACE_PERIODS)) {
                    tf.cfsId = "";
                    continue;
                }
                CfsGrouper.Group g = grouper.groupOf(tf.facility.deviceId(), IpAddress.valueOf(tf.tuple.dst()), bns);
                tf.cfsId = g.id;
                groups.putIfAbsent(g.id, g);
                members.computeIfAbsent(g.id, k -> new ArrayList<>()).add(tf);
            }
            decide(now, groups, members);
            boolean enforce = enabled && !dryRun;
            for (AgentTracker tracker : agents.values()) {
                tracker.setDesired(enforce ? limitsAt(tracker.facility()) : ImmutableList.of());
            }
            tickLocked(now);
            publish(now, groups, members);
        }
    }

    private void measure(long now) {
        Map<FlowId, FlowEntry> entries = new HashMap<>();
        for (FlowEntry e : flowRuleService.getFlowEntriesById(appId)) {
            if (e.state() == FlowEntry.FlowEntryState.ADDED) {
                entries.put(e.id(), e);
            }
        }
        for (TrackedFlow tf : flows.values()) {
            sample(tf.mainRate, entries.get(tf.mainRule.id()), now);
            if (tf.backRule != null) {
                sample(tf.backRate, entries.get(tf.backRule.id()), now);
            }
        }
    }

    private static void sample(RateEstimator est, FlowEntry e, long now) {
        if (e == null) {
            est.missing(now);
        } else {
            est.update(now, e.lastSeen(), e.bytes(), e.life(TimeUnit.MILLISECONDS));
        }
    }

    private void decide(long now, Map<String, CfsGrouper.Group> groups, Map<String, List<TrackedFlow>> members) {
        controllers.keySet().retainAll(groups.keySet());
        toldByCfs.keySet().retainAll(groups.keySet());
        changedThisPeriod.clear();
        allocations.clear();
        if (!enabled) {
            controllers.clear();
            toldByCfs.clear();
            return;
        }
        for (Map.Entry<String, List<TrackedFlow>> e : members.entrySet()) {
            String id = e.getKey();
            Map<String, FiveTuple> byId = new HashMap<>();
            List<org.fudp.algorithm.FlowSample> samples = new ArrayList<>();
            for (TrackedFlow tf : e.getValue()) {
                String flowId = tf.tuple.toString();
                byId.put(flowId, tf.tuple);
                samples.add(algorithmSample(flowId, tf));
            }
            CfsGrouper.Group g = groups.get(id);
            CfsInput input = g.capacityBps > 0 ? CfsInput.of(id, g.capacityBps, samples) : CfsInput.of(id, samples);
            CfsController c = controllers.computeIfAbsent(id, k -> new CfsController(k, fudpaConfig));
            Decision d = c.step(input);
            Allocations a = d.allocations();
            Map<FiveTuple, Long> told = new LinkedHashMap<>();
            for (int i = 0; i < a.size(); i++) {
                FiveTuple t = byId.get(a.flowId(i));
                if (t != null) {
                    long bps = Math.max(1, Math.round(a.rateBps(i)));
                    allocations.put(t, bps);
                    told.put(t, bps);
                }
            }
            if (!told.equals(toldByCfs.put(id, told))) {
                changedThisPeriod.add(id);
            }
            store.addDecision(record(d, now, told));
        }
    }

    private static org.fudp.algorithm.FlowSample algorithmSample(String flowId, TrackedFlow tf) {
        if (!tf.isUdp()) {
            return tf.throughputKnown() ? org.fudp.algorithm.FlowSample.tcp(flowId, tf.throughputBps())
                    : org.fudp.algorithm.FlowSample.missing(flowId, Protocol.TCP);
        }
        if (!tf.throughputKnown()) {
            return org.fudp.algorithm.FlowSample.missing(flowId, Protocol.UDP);
        }
        return tf.demandKnown() ? org.fudp.algorithm.FlowSample.udp(flowId, tf.throughputBps(), tf.demandBps())
                : org.fudp.algorithm.FlowSample.udp(flowId, tf.throughputBps());
    }

    private DecisionRecord record(Decision d, long now, Map<FiveTuple, Long> told) {
        return new DecisionRecord(d.cfsId(), periods, now, !d.fair(), dryRun, d.tcpFlows(), d.udpFlows(),
                Math.round(d.measuredTcpBps()), Math.round(d.predictedTcpBps()), Math.round(d.deviationBps()),
                Math.round(d.bandLowBps().orElse(0)), Math.round(d.bandHighBps().orElse(0)),
                Math.round(d.udpAverageBps().orElse(0)), Math.round(d.availableBps().orElse(0)),
                told, d.reason().name() + ": " + d.explanation());
    }

    private List<FlowLimit> limitsAt(Facility f) {
        List<FlowLimit> limits = new ArrayList<>();
        for (TrackedFlow tf : flows.values()) {
            Long bps = allocations.get(tf.tuple);
            if (bps != null && tf.facility.deviceId().equals(f.deviceId())) {
                limits.add(new FlowLimit(tf.tuple, bps, burstBytes(bps)));
            }
        }
        return limits;
    }

    /**
     * Returns the token bucket depth for a rate: 20 ms of traffic, and never less than two
     * full-size frames, so that shaping does not drop a flow's normal bursts.
     *
     * @param bps rate in bit/s
     * @return burst in bytes
     */
    static long burstBytes(long bps) {
        return Math.max(MIN_BURST_BYTES, bps / 8 / 50);
    }

    /**
     * Checks agent liveness and sends (or resends) desired states that are not acknowledged.
     *
     * @param now current time, epoch milliseconds
     */
    void tick(long now) {
        synchronized (lock) {
            tickLocked(now);
        }
    }

    private void tickLocked(long now) {
        for (AgentTracker t : agents.values()) {
            if (t.checkAlive(now, heartbeatTimeoutMs)) {
                log.warn("Adjustor agent at {} is silent for {} ms: down", t.facility().deviceId(), heartbeatTimeoutMs);
                publishAgent(t);
            }
            sendIfDue(t, now);
            if (t.heartbeatDue(now, heartbeatIntervalMs)) {
                int frames = backend.sendHeartbeat(t.facility(), t.desiredId());
                if (frames > 0) {
                    t.heartbeatSent(now, frames);
                }
            }
        }
    }

    private void sendIfDue(AgentTracker t, long now) {
        if (t.shouldSend(now, ackTimeoutMs, heartbeatTimeoutMs, enabled && !dryRun)) {
            int frames = backend.sendSnapshot(t.facility(), t.desiredId(), t.desired());
            if (frames > 0) {
                t.sent(now, frames);
                publishAgent(t);
                publishAllocations(t);
            }
        }
    }

    // ---------------------------------------------------------------- publishing

    private void publish(long now, Map<String, CfsGrouper.Group> groups, Map<String, List<TrackedFlow>> members) {
        lastGroups = groups;
        lastMembers = members;
        for (TrackedFlow tf : flows.values()) {
            FlowRecord r = record(tf, now);
            store.putFlow(r);
            store.addFlowSample(tf.tuple, new FlowSample(now, r.demandBps(), r.throughputBps(),
                    r.allocationBps().orElse(-1)));
        }
        for (AgentTracker t : agents.values()) {
            publishAllocations(t);
            publishAgent(t);
        }
        for (FiveTuple gone : staleAllocations()) {
            store.removeAllocation(gone);
        }
        for (Map.Entry<String, List<TrackedFlow>> e : members.entrySet()) {
            CorrelationFlowSet cfs = cfsView(groups.get(e.getKey()), e.getValue());
            store.putCfs(cfs);
            store.addCfsSample(cfs.id(), new CfsSample(now, cfs.tcpThroughputBps(), cfs.udpThroughputBps(),
                    cfs.udpDemandBps(), cfs.jainIndex(), cfs.state()));
        }
        for (CorrelationFlowSet old : store.getCfss()) {
            if (!groups.containsKey(old.id())) {
                store.removeCfs(old.id());
            }
        }
    }

    /** An acknowledgement can turn a set from adjusting to fair before the next period. */
    private void republishCfsStates() {
        for (Map.Entry<String, List<TrackedFlow>> e : lastMembers.entrySet()) {
            List<TrackedFlow> current = new ArrayList<>();
            for (TrackedFlow tf : e.getValue()) {
                if (flows.get(tf.tuple) == tf) {
                    current.add(tf);
                }
            }
            if (!current.isEmpty() && store.getCfs(e.getKey()).isPresent()) {
                store.putCfs(cfsView(lastGroups.get(e.getKey()), current));
            }
        }
    }

    private List<FiveTuple> staleAllocations() {
        List<FiveTuple> stale = new ArrayList<>();
        for (AllocationState a : store.getAllocations()) {
            if (!allocations.containsKey(a.flow())) {
                stale.add(a.flow());
            }
        }
        return stale;
    }

    private void publishAgent(AgentTracker t) {
        store.putAgent(t.view());
    }

    private void publishAllocations(AgentTracker t) {
        boolean enforce = enabled && !dryRun;
        for (TrackedFlow tf : flows.values()) {
            Long bps = allocations.get(tf.tuple);
            if (bps == null || !tf.facility.deviceId().equals(t.facility().deviceId())) {
                continue;
            }
            long seq = enforce && t.sentId() == t.desiredId() ? t.desiredId() : 0;
            store.putAllocation(new AllocationState(tf.tuple, tf.facility.deviceId(), tf.cfsId, bps, seq,
                    lastPeriodMs, t.isAcknowledged(seq), !enforce));
        }
    }

    private FlowRecord record(TrackedFlow tf, long now) {
        long thr = Math.round(tf.throughputBps());
        long demand = tf.isUdp() ? Math.round(tf.demandBps()) : thr;
        Long alloc = allocations.get(tf.tuple);
        return FlowRecord.builder(tf.tuple, tf.facility.deviceId()).cfsId(tf.cfsId)
                .rates(demand, thr, tf.throughputKnown()).allocationBps(alloc == null ? -1 : alloc)
                .sinceMs(tf.sinceMs).updatedMs(now).build();
    }

    private CorrelationFlowSet cfsView(CfsGrouper.Group g, List<TrackedFlow> members) {
        Set<FiveTuple> tcp = new LinkedHashSet<>();
        Set<FiveTuple> udp = new LinkedHashSet<>();
        long tcpBps = 0;
        long udpBps = 0;
        long udpDemand = 0;
        double sum = 0;
        double sumSq = 0;
        int n = 0;
        boolean agentMissing = false;
        boolean unacked = false;
        boolean enforce = enabled && !dryRun;
        for (TrackedFlow tf : members) {
            long thr = Math.round(tf.throughputBps());
            if (tf.isUdp()) {
                udp.add(tf.tuple);
                udpBps += thr;
                udpDemand += Math.round(tf.demandBps());
                AgentTracker t = agents.get(tf.facility.deviceId());
                agentMissing |= t == null || t.status() != AgentState.Status.UP;
                if (enforce && t != null && allocations.containsKey(tf.tuple)) {
                    unacked |= !t.isAcknowledged(t.desiredId());
                }
            } else {
                tcp.add(tf.tuple);
                tcpBps += thr;
            }
            if (tf.throughputKnown()) {
                sum += thr;
                sumSq += (double) thr * thr;
                n++;
            }
        }
        // Jain's fairness index, Eq. (4).
        double jain = n == 0 || sumSq == 0 ? Double.NaN : sum * sum / (n * sumSq);
        CorrelationFlowSet.State state;
        if (udp.isEmpty()) {
            state = CorrelationFlowSet.State.NO_UDP;
        } else if (agentMissing) {
            state = CorrelationFlowSet.State.NO_AGENT;
        } else if (changedThisPeriod.contains(g.id) || unacked) {
            // A reallocation that gives every flow what it already has (UDP below the band
            // because it wants no more) is a steady state, not an adjustment.
            state = CorrelationFlowSet.State.ADJUSTING;
        } else {
            state = CorrelationFlowSet.State.FAIR;
        }
        return CorrelationFlowSet.builder(g.id, g.kind).egress(g.egress, g.linkDst).capacityBps(g.capacityBps)
                .flows(tcp, udp).totals(tcpBps, udpBps, udpDemand, jain).state(state).build();
    }

    // ---------------------------------------------------------------- FudpService

    @Override
    public Collection<CorrelationFlowSet> getCorrelationFlowSets() {
        return store.getCfss();
    }

    @Override
    public Optional<CorrelationFlowSet> getCorrelationFlowSet(String id) {
        return store.getCfs(id);
    }

    @Override
    public Collection<FlowRecord> getFlows() {
        return store.getFlows();
    }

    @Override
    public Optional<FlowRecord> getFlow(FiveTuple flow) {
        return store.getFlow(flow);
    }

    @Override
    public Collection<AllocationState> getAllocations() {
        return store.getAllocations();
    }

    @Override
    public Collection<AgentState> getAgents() {
        return store.getAgents();
    }

    @Override
    public Optional<AgentState> getAgent(DeviceId facility) {
        return store.getAgent(facility);
    }

    @Override
    public List<DecisionRecord> getDecisions(String cfsId) {
        return store.getDecisions(cfsId);
    }

    @Override
    public List<CfsSample> getCfsHistory(String cfsId) {
        return store.getCfsHistory(cfsId);
    }

    @Override
    public List<FlowSample> getFlowHistory(FiveTuple flow) {
        return store.getFlowHistory(flow);
    }

    @Override
    public List<Facility> getFacilities() {
        return facilities;
    }

    @Override
    public List<Bottleneck> getBottlenecks() {
        return bottlenecks;
    }

    @Override
    public ControlStatus getControlStatus() {
        synchronized (lock) {
            return new ControlStatus(enabled, dryRun, controlPeriodMs, alpha, beta, periods, lastPeriodMs);
        }
    }

    // ---------------------------------------------------------------- FudpAdminService

    @Override
    public void setFacilities(List<Facility> newFacilities) {
        updateConfig(c -> c.facilities(newFacilities));
    }

    @Override
    public void setBottlenecks(List<Bottleneck> newBottlenecks) {
        updateConfig(c -> c.bottlenecks(newBottlenecks));
    }

    private void updateConfig(Consumer<FudpConfig> change) {
        FudpConfig current = netcfgRegistry.getConfig(appId, FudpConfig.class);
        ObjectNode node = current == null || !(current.node() instanceof ObjectNode)
                ? mapper.createObjectNode() : ((ObjectNode) current.node()).deepCopy();
        FudpConfig next = new FudpConfig();
        next.init(appId, FudpConfig.CONFIG_KEY, node, mapper, null);
        change.accept(next);
        List<String> errors = next.errors();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
        netcfgRegistry.applyConfig(appId, FudpConfig.class, node);
    }

    @Override
    public void setEnabled(boolean on) {
        synchronized (lock) {
            enabled = on;
        }
        cfgService.setProperty(getClass().getName(), ENABLED, Boolean.toString(on));
    }

    @Override
    public void setDryRun(boolean on) {
        synchronized (lock) {
            dryRun = on;
        }
        cfgService.setProperty(getClass().getName(), DRY_RUN, Boolean.toString(on));
    }

    // ---------------------------------------------------------------- listeners

    /**
     * Sees packet-ins at facility switches: control frames from adjustor agents, and the first
     * packets of new TCP and UDP flows.
     */
    private class InternalPacketProcessor implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            if (context.isHandled()) {
                return;
            }
            InboundPacket pkt = context.inPacket();
            ConnectPoint at = pkt.receivedFrom();
            Ethernet eth = pkt.parsed();
            if (at == null || eth == null) {
                return;
            }
            synchronized (lock) {
                Facility f = facilityByDevice.get(at.deviceId());
                if (f == null) {
                    return;
                }
                if ((eth.getEtherType() & 0xffff) == etherType) {
                    backend.receive(f, frameBytes(pkt, eth));
                    context.block();
                    return;
                }
                FiveTuple t = fiveTuple(eth);
                if (t == null || at.port().equals(f.adjustorPort())) {
                    return;
                }
                TrackedFlow tf = learn(f, t, at.port(), eth.getDestinationMAC(), clock.millis());
                if (tf == null) {
                    return;
                }
                boolean fromAdjustor = at.port().equals(f.returnPort());
                context.treatmentBuilder().setOutput(tf.isUdp() && !fromAdjustor ? f.adjustorPort() : tf.onward);
                context.send();
            }
        }
    }

    private static byte[] frameBytes(InboundPacket pkt, Ethernet eth) {
        ByteBuffer raw = pkt.unparsed();
        if (raw == null) {
            return eth.serialize();
        }
        ByteBuffer copy = raw.duplicate();
        copy.rewind();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    /** A flow leaves its CFS when one of its rules idles out or is removed. */
    private class InternalFlowRuleListener implements FlowRuleListener {
        @Override
        public boolean isRelevant(FlowRuleEvent event) {
            return event.type() == FlowRuleEvent.Type.RULE_REMOVED && appId != null
                    && event.subject().appId() == appId.id();
        }

        @Override
        public void event(FlowRuleEvent event) {
            ruleRemoved(event.subject());
        }
    }

    /** Applies the FUDP network config when it changes; a rejected one leaves the old in force. */
    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return FudpConfig.class.equals(event.configClass());
        }

        @Override
        public void event(NetworkConfigEvent event) {
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                    readNetworkConfig((FudpConfig) event.config()
                            .orElse(netcfgRegistry.getConfig(appId, FudpConfig.class)));
                    break;
                case CONFIG_REMOVED:
                    readNetworkConfig(null);
                    break;
                default:
                    break;
            }
        }
    }

    /** What the adjustor agents report, through the backend, under the manager's lock. */
    private class InternalFeedback implements EnforcementBackend.AgentFeedback {
        @Override
        public void heard(Facility facility, long nowMs, long agentEpoch, long agentSnapshotId) {
            AgentTracker t = agents.get(facility.deviceId());
            if (t == null) {
                return;
            }
            if (t.heard(nowMs, agentEpoch, agentSnapshotId)) {
                log.info("Adjustor agent at {} is up", facility.deviceId());
            }
            sendIfDue(t, nowMs);
            publishAgent(t);
        }

        @Override
        public void acknowledged(Facility facility, long snapshotId, String result,
                                 Map<String, Long> agentRejects) {
            AgentTracker t = agents.get(facility.deviceId());
            if (t == null) {
                return;
            }
            t.acknowledged(clock.millis(), snapshotId, result, agentRejects);
            if (!"APPLIED".equals(result)) {
                log.warn("Adjustor agent at {} did not apply snapshot {}: {}", facility.deviceId(), snapshotId,
                        result);
            }
            publishAgent(t);
            publishAllocations(t);
            republishCfsStates();
        }

        @Override
        public void rejected(Facility facility, String reason) {
            AgentTracker t = agents.get(facility.deviceId());
            if (t != null) {
                t.rejected(reason);
                publishAgent(t);
            }
        }
    }

    /** One packet request, kept so that exactly what was requested is cancelled. */
    private static final class PacketRequest {
        final TrafficSelector selector;
        final PacketPriority priority;
        final DeviceId deviceId;

        PacketRequest(TrafficSelector selector, PacketPriority priority, DeviceId deviceId) {
            this.selector = selector;
            this.priority = priority;
            this.deviceId = deviceId;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof PacketRequest)) {
                return false;
            }
            PacketRequest r = (PacketRequest) o;
            return selector.equals(r.selector) && priority == r.priority && deviceId.equals(r.deviceId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(selector, priority, deviceId);
        }
    }
}
