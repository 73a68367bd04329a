// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.fudp.agent.tc.Classifier;
import org.fudp.agent.tc.HashKey;
import org.fudp.agent.tc.StartupPolicy;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.KeyFileMode;
import org.fudp.protocol.KeyRing;

/**
 * The agent's configuration, read from a Java properties file. Every key, its default and its
 * meaning are in {@link #KEYS}; docs/adjustor-agent.md and the example file repeat them. Parsing
 * checks every key and reports all problems at once, each naming its key; unknown keys are errors
 * too, because a misspelt key silently left at its default is worse than a refusal to start.
 */
public final class AgentConfig {

    /** Every key with its default ("" = none; required keys say so) and its description. */
    public static final Map<String, String[]> KEYS;

    static {
        Map<String, String[]> k = new LinkedHashMap<>();
        k.put("control.interface", new String[] {"", "required: interface facing the switch, where control "
                + "frames arrive and ACKs and heartbeats leave"});
        k.put("control.ethertype", new String[] {"0x88b5", "EtherType of control frames"});
        k.put("control.peer-mac", new String[] {"", "destination MAC of ACKs and heartbeats; empty: the source MAC "
                + "of the controller in charge's last frame (nothing is sent before a controller's frame arrived)"});
        k.put("control.max-payload", new String[] {"9000", "largest control frame payload accepted, bytes"});
        k.put("control.mark-direction", new String[] {"false", "mark ACKs and heartbeats with the from-agent flag; "
                + "turn on once every controller accepts it"});
        k.put("shape.interface", new String[] {"", "required: egress interface whose UDP flows are limited"});
        k.put("shape.startup", new String[] {"adopt", "adopt | clear: what to do with a tree an earlier run left"});
        k.put("shape.classifier", new String[] {"auto", "auto | u32 | flower: auto probes the kernel for flower"});
        k.put("shape.hash-key", new String[] {"dst-port", "src-port | dst-port | src-addr | dst-addr: byte that "
                + "picks the u32 hash bucket"});
        k.put("shape.min-burst-bytes", new String[] {"3000", "smallest burst installed, bytes"});
        k.put("bridge.name", new String[] {"fudpbr0", "Linux bridge joining control.interface and shape.interface, "
                + "created (or adopted) at startup with a tc ingress guard that keeps control frames off it; a clean "
                + "stop leaves it up with the guard or deletes it (see bridge.on-stop); 'none': the operator forwards "
                + "and guards"});
        k.put("bridge.on-stop", new String[] {"passthrough", "passthrough | remove: what a clean stop does with the "
                + "bridge; passthrough leaves it up with the guard (and the limits shape.on-stop keeps), so traffic "
                + "goes on while the agent is stopped or upgraded; remove deletes it if the agent created it"});
        k.put("shape.on-stop", new String[] {"keep", "keep | clear: what a clean stop does with the limits; keep "
                + "leaves them in the kernel, holding what crosses the bridge until the controller sends it past "
                + "the adjustor, and the next start adopts them (shape.startup = adopt)"});
        k.put("agent.id", new String[] {"", "sender id in ACKs and heartbeats, 0..2^63-1; empty: the MAC of "
                + "control.interface as a number"});
        k.put("keys.file", new String[] {"", "required: key file, '<key id> = <hex key>' per line (see "
                + "docs/protocol.md); must not be readable by group or others"});
        k.put("heartbeat.period-ms", new String[] {"1000", "heartbeat period, also the unit of fail-safe silence"});
        k.put("failsafe.silent-periods", new String[] {"10", "heartbeat periods without a valid controller frame "
                + "before the fail-safe acts"});
        k.put("failsafe.action", new String[] {"keep", "keep | clear: what the fail-safe does to the limits"});
        k.put("replay.max-clock-skew-ms", new String[] {"30000", "reject frames whose timestamp is further from "
                + "this clock; 0 turns the check off"});
        k.put("snapshot.timeout-ms", new String[] {"5000", "how long an incomplete snapshot waits for fragments"});
        k.put("snapshot.max-pending", new String[] {"4", "incomplete snapshots held at once"});
        k.put("snapshot.max-entries", new String[] {"200000", "entries held across incomplete snapshots"});
        k.put("metrics.address", new String[] {"127.0.0.1", "address (or host name) of the Prometheus metrics "
                + "endpoint"});
        k.put("metrics.port", new String[] {"9472", "port of the metrics endpoint; 0 turns it off"});
        KEYS = Collections.unmodifiableMap(k);
    }

    private String controlInterface;
    private int etherType;
    private byte[] peerMac;
    private int maxPayload;
    private boolean markDirection;
    private String shapeInterface;
    private StartupPolicy startup;
    private Classifier classifier;
    private HashKey hashKey;
    private long minBurstBytes;
    private String bridgeName;
    private Long agentId;
    private Path keysFile;
    private KeyRing keys;
    private long heartbeatMillis;
    private int silentPeriods;
    private FailSafeAction failSafeAction;
    private StopAction onStop;
    private LimitsOnStop limitsOnStop;
    private long maxClockSkewMillis;
    private long snapshotTimeoutMillis;
    private int snapshotMaxPending;
    private int snapshotMaxEntries;
    private InetAddress metricsAddress;
    private int metricsPort;

    private AgentConfig() {
    }

    /**
     * Reads and checks a configuration file.
     *
     * @param file the properties file
     * @return the configuration
     * @throws ConfigException listing every problem
     */
    public static AgentConfig load(Path file) throws ConfigException {
        return load(file, true);
    }

    /**
     * Reads and checks a configuration file, optionally without reading its key file: {@code status}
     * needs only the metrics address, and an operator who may read the configuration but not the
     * keys (mode 600, owned by the agent's user) must still be able to ask it.
     *
     * @param file the properties file
     * @param readKeys whether to read and check {@code keys.file}; if not, {@link #keys()} is null
     * @return the configuration
     * @throws ConfigException listing every problem
     */
    public static AgentConfig load(Path file, boolean readKeys) throws ConfigException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file.toString(), List.of("file does not exist"));
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException(file.toString(), List.of("cannot read: " + e.getMessage()));
        }
        Path base = file.toAbsolutePath().getParent();
        return parse(p, file.toString(), base, readKeys);
    }

    /**
     * Checks configuration properties.
     *
     * @param p the properties
     * @param source where they came from, for messages
     * @param baseDir directory relative paths are resolved against
     * @return the configuration
     * @throws ConfigException listing every problem
     */
    public static AgentConfig parse(Properties p, String source, Path baseDir) throws ConfigException {
        return parse(p, source, baseDir, true);
    }

    private static AgentConfig parse(Properties p, String source, Path baseDir, boolean readKeys)
            throws ConfigException {
        PropertyReader in = new PropertyReader(p, KEYS);
        AgentConfig c = new AgentConfig();
        c.controlInterface = in.iface("control.interface");
        c.etherType = (int) in.number("control.ethertype", 0x0600, 0xFFFF);
        String peer = in.raw("control.peer-mac");
        if (!peer.isEmpty()) {
            try {
                c.peerMac = EthernetFrame.parseMac(peer);
            } catch (IllegalArgumentException e) {
                in.problem("control.peer-mac", e.getMessage());
            }
        }
        c.maxPayload = (int) in.number("control.max-payload", FrameCodec.OVERHEAD_BYTES, FrameCodec.MAX_PAYLOAD_BYTES);
        c.markDirection = in.bool("control.mark-direction");
        c.shapeInterface = in.iface("shape.interface");
        c.startup = in.choice("shape.startup", StartupPolicy.class);
        String cls = in.raw("shape.classifier");
        if (!"auto".equals(cls)) {
            c.classifier = in.choice("shape.classifier", Classifier.class);
        }
        c.hashKey = in.choice("shape.hash-key", HashKey.class);
        c.minBurstBytes = in.number("shape.min-burst-bytes", 1, Integer.MAX_VALUE);
        String bridge = in.raw("bridge.name");
        if (!"none".equals(bridge)) {
            c.bridgeName = in.iface("bridge.name");
        }
        String id = in.raw("agent.id");
        if (!id.isEmpty()) {
            c.agentId = in.number("agent.id", 0, Long.MAX_VALUE);
        }
        String keys = in.raw("keys.file");
        if (keys.isEmpty()) {
            in.problem("keys.file", "is required");
        } else {
            c.keysFile = baseDir == null ? Path.of(keys) : baseDir.resolve(keys);
            c.keys = readKeys ? loadKeys(c.keysFile, in) : null;
        }
        c.heartbeatMillis = in.number("heartbeat.period-ms", 10, 3_600_000);
        c.silentPeriods = (int) in.number("failsafe.silent-periods", 1, 1_000_000);
        c.failSafeAction = in.choice("failsafe.action", FailSafeAction.class);
        c.onStop = in.choice("bridge.on-stop", StopAction.class);
        c.limitsOnStop = in.choice("shape.on-stop", LimitsOnStop.class);
        c.maxClockSkewMillis = in.number("replay.max-clock-skew-ms", 0, Long.MAX_VALUE);
        c.snapshotTimeoutMillis = in.number("snapshot.timeout-ms", 1, 3_600_000);
        c.snapshotMaxPending = (int) in.number("snapshot.max-pending", 1, 1000);
        c.snapshotMaxEntries = (int) in.number("snapshot.max-entries", 1, 10_000_000);
        String addr = in.raw("metrics.address");
        try {
            c.metricsAddress = InetAddress.getByName(addr);
        } catch (UnknownHostException e) {
            in.problem("metrics.address", "'" + addr + "' is neither an IP address nor a host name this machine "
                    + "resolves");
        }
        c.metricsPort = (int) in.number("metrics.port", 0, 65535);
        if (c.controlInterface != null && c.controlInterface.equals(c.shapeInterface) && c.bridgeName != null) {
            in.problem("bridge.name", "a bridge needs two interfaces, but control.interface and shape.interface "
                    + "are both " + c.controlInterface);
        }
        in.rejectUnknownKeys();
        if (!in.problems().isEmpty()) {
            throw new ConfigException(source, in.problems());
        }
        return c;
    }

    private static KeyRing loadKeys(Path file, PropertyReader in) {
        try {
            Optional<KeyFileMode> exposed = KeyFileMode.of(file);
            if (exposed.isPresent()) {
                in.problem("keys.file", file + " is " + exposed.get().what() + "; chmod 600 it");
                return null;
            }
            return KeyRing.parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            in.problem("keys.file", file + " does not exist");
        } catch (IOException e) {
            in.problem("keys.file", "cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            in.problem("keys.file", file + ": " + e.getMessage());
        }
        return null;
    }

    /**
     * Returns the switch-facing control interface.
     *
     * @return interface name
     */
    public String controlInterface() {
        return controlInterface;
    }

    /**
     * Returns the control EtherType.
     *
     * @return EtherType
     */
    public int etherType() {
        return etherType;
    }

    /**
     * Returns the fixed destination MAC of outgoing frames.
     *
     * @return 6 bytes, or null to learn it from control frames
     */
    public byte[] peerMac() {
        return peerMac == null ? null : peerMac.clone();
    }

    /**
     * Returns the largest control payload accepted.
     *
     * @return bytes
     */
    public int maxPayload() {
        return maxPayload;
    }

    /**
     * Tells whether ACKs and heartbeats carry the from-agent flag (docs/protocol.md section 2.1).
     *
     * @return true to mark them
     */
    public boolean markDirection() {
        return markDirection;
    }

    /**
     * Returns the shaped egress interface.
     *
     * @return interface name
     */
    public String shapeInterface() {
        return shapeInterface;
    }

    /**
     * Returns what to do with an existing tree at startup.
     *
     * @return policy
     */
    public StartupPolicy startup() {
        return startup;
    }

    /**
     * Returns the configured classifier.
     *
     * @return classifier, or null for "auto" (probe the kernel)
     */
    public Classifier classifier() {
        return classifier;
    }

    /**
     * Returns the u32 hash key.
     *
     * @return hash key
     */
    public HashKey hashKey() {
        return hashKey;
    }

    /**
     * Returns the smallest burst installed.
     *
     * @return bytes
     */
    public long minBurstBytes() {
        return minBurstBytes;
    }

    /**
     * Returns the bridge to create.
     *
     * @return bridge name, or null ('none') if the operator forwards
     */
    public String bridgeName() {
        return bridgeName;
    }

    /**
     * Returns the configured agent id.
     *
     * @return the id, or null to derive it from the control interface's MAC
     */
    public Long agentId() {
        return agentId;
    }

    /**
     * Returns the key file's path.
     *
     * @return path
     */
    public Path keysFile() {
        return keysFile;
    }

    /**
     * Returns the keys.
     *
     * @return key ring, null if the configuration was loaded without its key file
     */
    public KeyRing keys() {
        return keys;
    }

    /**
     * Returns the heartbeat period.
     *
     * @return milliseconds
     */
    public long heartbeatMillis() {
        return heartbeatMillis;
    }

    /**
     * Returns the silent periods before the fail-safe acts.
     *
     * @return periods
     */
    public int silentPeriods() {
        return silentPeriods;
    }

    /**
     * Returns what the fail-safe does.
     *
     * @return action
     */
    public FailSafeAction failSafeAction() {
        return failSafeAction;
    }

    /**
     * Returns what a clean stop does with the bridge.
     *
     * @return the action
     */
    public StopAction onStop() {
        return onStop;
    }

    /**
     * Returns what a clean stop does with the limits.
     *
     * @return keep or clear
     */
    public LimitsOnStop limitsOnStop() {
        return limitsOnStop;
    }

    /**
     * Returns the allowed clock skew of control frames.
     *
     * @return milliseconds, 0 for no check
     */
    public long maxClockSkewMillis() {
        return maxClockSkewMillis;
    }

    /**
     * Returns how long incomplete snapshots wait.
     *
     * @return milliseconds
     */
    public long snapshotTimeoutMillis() {
        return snapshotTimeoutMillis;
    }

    /**
     * Returns how many incomplete snapshots are held.
     *
     * @return count
     */
    public int snapshotMaxPending() {
        return snapshotMaxPending;
    }

    /**
     * Returns how many entries incomplete snapshots may hold.
     *
     * @return count
     */
    public int snapshotMaxEntries() {
        return snapshotMaxEntries;
    }

    /**
     * Returns the metrics endpoint's address.
     *
     * @return address
     */
    public InetAddress metricsAddress() {
        return metricsAddress;
    }

    /**
     * Returns the metrics endpoint's port.
     *
     * @return port, 0 if off
     */
    public int metricsPort() {
        return metricsPort;
    }
}
