// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.google.common.collect.ImmutableList;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.api.Bottleneck;
import org.fudp.api.ControlStatus;
import org.fudp.api.FacilityConfig;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpEvent;
import org.fudp.api.FudpService;
import org.fudp.api.FudpStore;
import org.fudp.api.FudpStoreDelegate;
import org.fudp.api.KeyFileStatus;
import org.fudp.store.CheckpointStore;
import org.onlab.metrics.MetricsService;
import org.fudp.store.DistributedFudpStore;
import org.onlab.packet.IpAddress;
import org.onosproject.app.ApplicationService;
import org.onosproject.app.ApplicationState;
import org.onosproject.cluster.ClusterService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.store.service.StorageService;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.host.HostService;
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

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.fudp.impl.OsgiPropertyConstants.*;
import static org.onlab.util.Tools.groupedThreads;

/**
 * The FUDP component: lifecycle, component properties, network config and the service API. The
 * closed loop itself ({@link FudpLoop}, ONOS-free) runs in a {@link LoopHost}; ONOS reaches it
 * through the adapters: {@link PacketAdapter} (packet requests and packet-ins),
 * {@link RuleAdapter} (flow rules and their counters), {@link AdjustorLink} (Packet-Outs),
 * {@link OnosNetworkView} (hosts, paths, bottlenecks) and {@link StatePublisher} (the store). The
 * service's reads of the views are in {@link ViewReads}.
 */
@Component(immediate = true,
        service = {FudpService.class, FudpAdminService.class},
        property = {
                CONTROL_PERIOD_MS + ":Integer=" + CONTROL_PERIOD_MS_DEFAULT,
                ALPHA + ":Double=" + ALPHA_DEFAULT,
                BETA + ":Double=" + BETA_DEFAULT,
                SETTLE + ":Boolean=" + SETTLE_DEFAULT,
                UDP_PRINCIPAL + "=" + UDP_PRINCIPAL_DEFAULT,
                TCP_FLOOR_PRINCIPALS + ":Integer=" + TCP_FLOOR_PRINCIPALS_DEFAULT,
                FLOW_IDLE_TIMEOUT + ":Integer=" + FLOW_IDLE_TIMEOUT_DEFAULT,
                FLOW_PRIORITY + ":Integer=" + FLOW_PRIORITY_DEFAULT,
                PUNT_PRIORITY + "=" + PUNT_PRIORITY_DEFAULT,
                ENABLED + ":Boolean=" + ENABLED_DEFAULT,
                DRY_RUN + ":Boolean=" + DRY_RUN_DEFAULT,
                CONTROL_ETHER_TYPE + "=" + CONTROL_ETHER_TYPE_DEFAULT,
                HEARTBEAT_TIMEOUT_MS + ":Integer=" + HEARTBEAT_TIMEOUT_MS_DEFAULT,
                HEARTBEAT_INTERVAL_MS + ":Integer=" + HEARTBEAT_INTERVAL_MS_DEFAULT,
                ACK_TIMEOUT_MS + ":Integer=" + ACK_TIMEOUT_MS_DEFAULT,
                RESPONSIVE_CANDIDATES + "=" + RESPONSIVE_CANDIDATES_DEFAULT,
                RESPONSIVE_HOLD_FRACTION + ":Double=" + RESPONSIVE_HOLD_FRACTION_DEFAULT,
                RESPONSIVE_HOLD_PERIODS + ":Integer=" + RESPONSIVE_HOLD_PERIODS_DEFAULT,
                RESPONSIVE_RELEASE_PERIODS + ":Integer=" + RESPONSIVE_RELEASE_PERIODS_DEFAULT,
                RESPONSIVE_RECHECK_SECONDS + ":Integer=" + RESPONSIVE_RECHECK_SECONDS_DEFAULT,
                HISTORY_LENGTH + ":Integer=" + HISTORY_LENGTH_DEFAULT,
                SFLOW_PORT + ":Integer=" + SFLOW_PORT_DEFAULT,
                SFLOW_ADDRESS + "=" + SFLOW_ADDRESS_DEFAULT,
                SFLOW_SOURCES + "=" + SFLOW_SOURCES_DEFAULT,
                KEY_FILE + "=" + KEY_FILE_DEFAULT,
                HAND_OVER_ON_DEACTIVATE + ":Boolean=" + HAND_OVER_ON_DEACTIVATE_DEFAULT,
        })
public class FudpManager extends ViewReads implements FudpAdminService {

    /** The application name registered with ONOS; app.xml carries the same name. */
    public static final String APP_NAME = "org.fudp.app";

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
    protected MeterService meterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PathService pathService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MetricsService metricsService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ApplicationService applicationService;

    // The fields below carry the properties' descriptions for "cfg get" and mirror the values in force.

    /** Control period in milliseconds (paper: 5 s); at least 100. */
    private long controlPeriodMs = CONTROL_PERIOD_MS_DEFAULT;

    /** Weight of the new TCP measurement in the prediction, Eq. (1); strictly between 0 and 1 (paper: 0.875). */
    private double alpha = ALPHA_DEFAULT;

    /** Weight of the new deviation, Eq. (2); strictly between 0 and 1 (paper: 0.25). */
    private double beta = BETA_DEFAULT;

    /** A set at its max-min allocation stops reallocating; false: the paper's band test exactly. */
    private boolean settle = SETTLE_DEFAULT;

    /** Whom unresponsive UDP counts for, shared max-min among first: flow (the paper), host, prefix/N[/M], class. */
    private String udpPrincipal = UDP_PRINCIPAL_DEFAULT;

    /** TCP keeps at least what it would get beside this many UDP principals, however many there are; 0: none. */
    private int tcpFloorPrincipals = TCP_FLOOR_PRINCIPALS_DEFAULT;

    /** Idle timeout of the per-flow rules in seconds; a flow is forgotten when they idle out. */
    private int flowIdleTimeout = FLOW_IDLE_TIMEOUT_DEFAULT;

    /** Priority of the per-flow rules (the rule back from the adjustor gets one more); above puntPriority. */
    private int flowPriority = FLOW_PRIORITY_DEFAULT;

    /** Priority of FUDP's TCP/UDP punts at the facilities, a PacketPriority name: MEDIUM (30000), REACTIVE (5). */
    private String puntPriority = PUNT_PRIORITY_DEFAULT;

    /** Run the control loop; false: flows are still measured, no allocation, adjustors released. */
    private boolean enabled = ENABLED_DEFAULT;

    /** Dry-run: compute and report allocations but send nothing to the adjustors. */
    private boolean dryRun = DRY_RUN_DEFAULT;

    /** EtherType of the control frames, e.g. 0x88b5; only frames of this type are requested. */
    private String controlEtherType = CONTROL_ETHER_TYPE_DEFAULT;

    /** Milliseconds without a frame from an adjustor agent before it is declared down. */
    private long heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS_DEFAULT;

    /** Milliseconds between controller heartbeats to an adjustor sent nothing else; keeps its fail-safe off. */
    private long heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS_DEFAULT;

    /** Milliseconds before an unacknowledged allocation snapshot is sent again. */
    private long ackTimeoutMs = ACK_TIMEOUT_MS_DEFAULT;

    /** UDP flows tested for responsiveness: none, quic (a QUIC header in the first packet or in samples) or all. */
    private String responsiveCandidates = RESPONSIVE_CANDIDATES_DEFAULT;

    /** A responsiveness test holds a flow at this fraction of its rate; above 0, at most 0.9. */
    private double responsiveHoldFraction = RESPONSIVE_HOLD_FRACTION_DEFAULT;

    /** Control periods a responsiveness test holds a flow (1..10). */
    private int responsiveHoldPeriods = RESPONSIVE_HOLD_PERIODS_DEFAULT;

    /** Control periods a released flow has to offer more again, or it failed its test (1..10). */
    private int responsiveReleasePeriods = RESPONSIVE_RELEASE_PERIODS_DEFAULT;

    /** Seconds after which a tested UDP flow is tested again (1..3600). */
    private long responsiveRecheckSeconds = RESPONSIVE_RECHECK_SECONDS_DEFAULT;

    /** Control periods of history (and decision records) kept per CFS and per flow. */
    private int historyLength = HISTORY_LENGTH_DEFAULT;

    /** UDP port of this instance's sFlow collector (sampled facilities); 0 for none. */
    private int sflowPort = SFLOW_PORT_DEFAULT;

    /** Address the sFlow collector binds, e.g. the instance's on the switches' management network; empty: all. */
    private String sflowAddress = SFLOW_ADDRESS_DEFAULT;

    /** Sources accepted besides the facilities' sampling.agent addresses: IP addresses or prefixes, comma-separated. */
    private String sflowSources = SFLOW_SOURCES_DEFAULT;

    /** File of HMAC keys for control frames: lines "keyId = hexkey"; facilities pick one by keyId. */
    private String keyFile = KEY_FILE_DEFAULT;

    /** Deactivating the app hands every facility over (rules, limits stay) instead of clearing; for upgrades. */
    private boolean handOverOnDeactivate = HAND_OVER_ON_DEACTIVATE_DEFAULT;

    /** Time source; tests replace it before activation. */
    Clock clock = Clock.systemUTC();

    /** Whether activation schedules the period itself; tests drive {@link #host()} instead. */
    boolean autoSchedule = true;

    private AppRuleListener flowRuleListener;
    private final FudpStoreDelegate delegate = this::post;

    private ApplicationId appId;
    private DistributedFudpStore store;
    private LoopHost host;
    private PacketAdapter packets;
    private NetworkConfigAdapter netcfg;
    private HostLearningGuard hostLearning;
    private StatsPollCheck pollCheck;
    private LoopMetrics metrics;
    private FacilityOwnership ownership;
    private ClusterJoins joins;
    private ExecutorService viewWriter;
    private SflowCollector sflow;
    private ComponentSettings settings = ComponentSettings.defaults();
    private volatile List<FacilityConfig> facilities = ImmutableList.of();
    private volatile List<Bottleneck> bottlenecks = ImmutableList.of();
    private volatile List<TrafficClass> trafficClasses = ImmutableList.of();

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(APP_NAME);
        pollCheck = new StatsPollCheck(cfgService);
        cfgService.registerProperties(getClass());
        String node = clusterService.getLocalNode().id().id();
        settings = ComponentSettings.defaults(ComponentSettings.senderId(node))
                .read(context == null ? null : context.getProperties(), log);
        mirror(settings);
        // Views written again when another instance asks, off the consistent map's event thread.
        viewWriter = autoSchedule ? Executors.newSingleThreadExecutor(groupedThreads("fudp", "views-%d", log)) : null;
        store = new DistributedFudpStore(storageService, settings.historyLength, node,
                viewWriter == null ? Runnable::run : viewWriter);
        store.setDelegate(delegate);
        eventDispatcher.addSink(FudpEvent.class, listenerRegistry);
        OnosNetworkView network = new OnosNetworkView(hostService, pathService, deviceService, () -> bottlenecks);
        FudpLoop loop = new FudpLoop(settings.loop, network, null, clock.millis());
        loop.setController(node);
        metrics = new LoopMetrics(metricsService);
        // One thread runs the loop: its events, its period and its tick, in order.
        host = new LoopHost(loop, clock, autoSchedule
                ? Executors.newSingleThreadScheduledExecutor(groupedThreads("fudp", "loop-%d", log)) : Runnable::run,
                new RuleAdapter(flowRuleService, appId, clock::millis),
                outcome -> new MeterAdapter(meterService, appId, outcome),
                new AdjustorLink(packetService), new StatePublisher(store),
                metrics, new CheckpointStore(storageService));
        ownership = new FacilityOwnership(mastershipService, this::reconcile);
        sflow = new SflowCollector(host::samples);
        metrics.sflow(sflow);
        host.loadKeys(keyFile);
        packets = new PacketAdapter(packetService, appId, host, network);
        packets.start();
        flowRuleListener = new AppRuleListener(appId, host::flowRuleEvent);
        flowRuleService.addListener(flowRuleListener);
        hostLearning = new HostLearningGuard(netcfgRegistry);
        netcfg = new NetworkConfigAdapter(netcfgRegistry, appId, this::applyConfig);
        netcfg.start();
        ownership.start();
        // An instance that comes up after the views were written gets them again (DistributedFudpStore.sync).
        joins = new ClusterJoins(clusterService, () -> host.run("View sync", now -> store.sync()));
        joins.start();
        reconcile();
        host.schedule(settings.loop.periodMs());
        log.info("Started {}: period {} ms, {} facilities, {} bottlenecks", appId.name(), controlPeriodMs,
                facilities.size(), bottlenecks.size());
        pollCheck.warning(controlPeriodMs).ifPresent(log::warn);
    }

    @Modified
    protected void modified(ComponentContext context) {
        ComponentSettings old = settings;
        settings = old.read(context == null ? null : context.getProperties(), log);
        mirror(settings);
        store.setHistoryLength(settings.historyLength);
        host.configure(settings.loop);
        if (old.loop.controlEtherType() != settings.loop.controlEtherType()
                || old.puntPriority != settings.puntPriority) {
            packets.setFacilities(loopFacilities(), settings.loop.controlEtherType(), settings.puntPriority,
                    sampledFacilities());
        }
        if (!old.sflow.equals(settings.sflow)) {
            sflow.update(sflow.agents(), settings.sflow);
        }
        // Setting keyFile again, to the same path or not, rereads it: how a key added in place is taken.
        // ONOS hands over every property at each change, so this also reads it when another one changed;
        // keys that did not change are not put in force again.
        host.loadKeys(keyFile);
        if (old.loop.periodMs() != settings.loop.periodMs()) {
            host.schedule(settings.loop.periodMs());
            pollCheck.warning(controlPeriodMs).ifPresent(log::warn);
            meterPollWarning().ifPresent(log::warn);
        }
    }

    @Deactivate
    protected void deactivate() {
        // Still active in the cluster: only this instance goes, and another takes its facilities over.
        boolean leaving = applicationService.getState(appId) == ApplicationState.ACTIVE;
        // The app goes (deactivate, uninstall, reinstall!), but the version activated next takes the facilities
        // over as another instance would: ONOS 2.7 removes none of an app's flow rules, meters or consistent
        // maps when it deactivates or uninstalls it (docs/deploy.md, section 8).
        boolean handOver = leaving || settings.handOverOnDeactivate;
        ownership.stop();
        joins.stop();
        netcfg.stop();
        if (!handOver) {
            hostLearning.restoreAll();
        }
        // The punts go either way: no one would take their packets until the next version asks again.
        packets.stop();
        sflow.close();
        flowRuleService.removeListener(flowRuleListener);
        host.stop(handOver);
        if (handOver && !leaving) {
            log.warn("Deactivated with {}: FUDP's rules, the adjustors' limits and the checkpoints stay for the "
                    + "version activated next; set it to false before an uninstall that should remove them",
                    HAND_OVER_ON_DEACTIVATE);
        }
        metrics.remove();
        cfgService.unregisterProperties(getClass(), false);
        eventDispatcher.removeSink(FudpEvent.class);
        store.unsetDelegate(delegate);
        if (leaving) {
            // The views stay in the cluster for the instance that takes over.
            store.destroy();
        } else {
            store.clear();
        }
        if (viewWriter != null) {
            viewWriter.shutdown();
        }
        log.info("Stopped");
    }

    private void mirror(ComponentSettings s) {
        controlPeriodMs = s.loop.periodMs();
        alpha = s.loop.fudpa().alpha();
        beta = s.loop.fudpa().beta();
        settle = s.loop.fudpa().settle();
        udpPrincipal = s.loop.principal().toString();
        tcpFloorPrincipals = s.loop.fudpa().tcpFloorPrincipals();
        flowIdleTimeout = s.loop.flowIdleTimeoutS();
        flowPriority = s.loop.flowPriority();
        puntPriority = s.puntPriority.name();
        enabled = s.loop.enabled();
        dryRun = s.loop.dryRun();
        controlEtherType = String.format("0x%04x", s.loop.controlEtherType());
        heartbeatTimeoutMs = s.loop.heartbeatTimeoutMs();
        heartbeatIntervalMs = s.loop.heartbeatIntervalMs();
        ackTimeoutMs = s.loop.ackTimeoutMs();
        responsiveCandidates = s.loop.responsive().candidates().toString();
        responsiveHoldFraction = s.loop.responsive().holdFraction();
        responsiveHoldPeriods = s.loop.responsive().holdPeriods();
        responsiveReleasePeriods = s.loop.responsive().releasePeriods();
        responsiveRecheckSeconds = s.loop.responsive().recheckMs() / 1000;
        historyLength = s.historyLength;
        sflowPort = s.sflow.port();
        sflowAddress = s.sflow.addressText();
        sflowSources = s.sflow.sourcesText();
        keyFile = s.keyFile;
        handOverOnDeactivate = s.handOverOnDeactivate;
    }

    // For tests that drive periods and ticks themselves.
    LoopHost host() {
        return host;
    }

    // ---------------------------------------------------------------- network config

    private void applyConfig(List<FacilityConfig> newFacilities, List<Bottleneck> newBottlenecks,
                             List<TrafficClass> classes, Map<DeviceId, FlowBudget> budgets,
                             Map<IpAddress, DeviceId> samplingAgents) {
        bottlenecks = ImmutableList.copyOf(newBottlenecks);
        host.setBudgets(budgets);
        sflow.update(samplingAgents, settings.sflow);
        facilities = ImmutableList.copyOf(newFacilities);
        trafficClasses = ImmutableList.copyOf(classes);
        host.setClasses(trafficClasses);
        reconcile();
        hostLearning.setFacilities(facilities);
        packets.setFacilities(loopFacilities(), settings.loop.controlEtherType(), settings.puntPriority,
                sampledFacilities());
        log.info("FUDP config in force: {} facilities, {} bottlenecks, {} traffic classes", newFacilities.size(),
                newBottlenecks.size(), classes.size());
        meterPollWarning().ifPresent(log::warn);
    }

    // Hands the loop the facilities this instance controls now; quick, for ONOS's event threads too.
    private void reconcile() {
        if (ownership != null) {
            host.control(loopFacilities(), ownership.mine(facilities));
        }
    }

    // The facilities whose flows are found by sampling, whose agents the collector knows: no TCP or UDP
    // punts there.
    private Set<DeviceId> sampledFacilities() {
        return Set.copyOf(sflow.agents().values());
    }

    private List<org.fudp.loop.api.settings.Facility> loopFacilities() {
        return facilities.stream().map(NetworkConfigAdapter::loopFacility).collect(Collectors.toList());
    }

    // ---------------------------------------------------------------- FudpService (the views: ViewReads)

    @Override
    protected FudpStore views() {
        return store;
    }

    @Override
    public List<FacilityConfig> getFacilities() {
        return facilities;
    }

    @Override
    public List<Bottleneck> getBottlenecks() {
        return bottlenecks;
    }

    @Override
    public List<TrafficClass> getTrafficClasses() {
        return trafficClasses;
    }

    @Override
    public void setTrafficClasses(List<TrafficClass> classes) {
        netcfg.update(c -> c.classes(classes));
    }

    @Override
    public ControlStatus getControlStatus() {
        return new ControlStatus(enabled, dryRun, controlPeriodMs, alpha, beta, host.periods(), host.lastPeriodMs(),
                Stream.concat(host.keyFileStatus().warnings().stream(),
                        Stream.of(pollCheck.warning(controlPeriodMs), meterPollWarning()).flatMap(Optional::stream))
                        .collect(Collectors.toList()));
    }

    @Override
    public KeyFileStatus getKeyFileStatus() {
        return host.keyFileStatus();
    }

    private Optional<String> meterPollWarning() {
        return facilities.stream().anyMatch(FacilityConfig::isMetered) ? pollCheck.meterWarning(controlPeriodMs)
                : Optional.empty();
    }

    // ---------------------------------------------------------------- FudpAdminService

    @Override
    public void setFacilities(List<FacilityConfig> newFacilities) {
        netcfg.update(c -> c.facilities(newFacilities));
    }

    @Override
    public void setBottlenecks(List<Bottleneck> newBottlenecks) {
        netcfg.update(c -> c.bottlenecks(newBottlenecks));
    }

    @Override
    public void setEnabled(boolean on) {
        cfgService.setProperty(getClass().getName(), ENABLED, Boolean.toString(on));
    }

    @Override
    public void setDryRun(boolean on) {
        cfgService.setProperty(getClass().getName(), DRY_RUN, Boolean.toString(on));
    }

    @Override
    public KeyFileStatus reloadKeys() {
        host.loadKeys(keyFile).failure().ifPresent(why -> {
            throw new IllegalStateException(why);
        });
        return host.keyFileStatus();
    }
}
