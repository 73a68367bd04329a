// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.commands.FrameOut;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.KeyRing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.basics.BasicDeviceConfig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The files tools/fudp-mininet writes for ONOS, read the way the app reads them: the netcfg's
 * fudp section through {@link FudpConfig} (as ONOS's network config store would hand it over), its
 * devices through ONOS's own {@link BasicDeviceConfig}, and controller.keys through the loop the
 * app hosts ({@code LoopHost.loadKeys} reads the file and gives its text to
 * {@link FudpLoop#setKeys}). Only {@code --generate-only} runs here: no root, no Mininet.
 */
class GeneratedNetcfgTest {

    /** Maven runs a module's tests in the module's directory. */
    private static final Path SCRIPT = Paths.get("..", "tools", "fudp-mininet");
    private static final long T0 = 1_000_000L;

    private final ObjectMapper mapper = new ObjectMapper();

    @TempDir
    Path out;

    @BeforeAll
    static void python() {
        assertTrue(Files.isRegularFile(SCRIPT), "no " + SCRIPT.toAbsolutePath());
        boolean present;
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            present = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            present = false;
        }
        assumeTrue(present, "python3 is not installed: tools/fudp-mininet cannot run");
    }

    /** Runs the script with --generate-only; returns its exit status and output. */
    private static Result script(Path dir, String... options) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("python3", SCRIPT.toString(), "--generate-only",
                "--out", dir.toString()));
        cmd.addAll(Arrays.asList(options));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tools/fudp-mininet did not finish: " + text);
        return new Result(p.exitValue(), text);
    }

    private static Result generate(Path dir, String... options) throws IOException, InterruptedException {
        Result r = script(dir, options);
        assertEquals(0, r.status, r.output);
        return r;
    }

    private static final class Result {
        final int status;
        final String output;

        Result(int status, String output) {
            this.status = status;
            this.output = output;
        }
    }

    private JsonNode netcfg() throws IOException {
        return mapper.readTree(out.resolve("netcfg.json").toFile());
    }

    /** The fudp section as ONOS hands it to the app's config class. */
    private FudpConfig fudpConfig(JsonNode netcfg) {
        JsonNode node = netcfg.path("apps").path("org.fudp.app").path(FudpConfig.CONFIG_KEY);
        assertTrue(node.isObject(), "no apps.org.fudp.app.fudp in " + netcfg);
        FudpConfig c = new FudpConfig();
        c.init(new DefaultApplicationId(1, "org.fudp.app"), FudpConfig.CONFIG_KEY, node, mapper, null);
        return c;
    }

    @Test
    void netcfgPassesTheAppsParserWithTheCapacitiesAndKeyIdGiven() throws Exception {
        generate(out, "--bottleneck-mbps", "7.5", "--key-id", "42");
        FudpConfig c = fudpConfig(netcfg());
        assertEquals(List.of(), c.errors());
        assertTrue(c.isValid());

        // The facility: s1 (dpid 1) with the adjustor host on ports 3 and 4.
        List<FacilityConfig> fs = c.facilities();
        assertEquals(1, fs.size());
        FacilityConfig f = fs.get(0);
        assertEquals(DeviceId.deviceId("of:0000000000000001"), f.deviceId());
        assertEquals(PortNumber.portNumber(3), f.adjustorPort());
        assertEquals(PortNumber.portNumber(4), f.returnPort());
        assertEquals(MacAddress.valueOf("02:00:00:00:00:aa"), f.adjustorMac());
        assertEquals(42, f.keyId());

        // The paper's two bottlenecks, r2 (dpid 3) -> h4 and r2 -> h3, at the capacity shaped.
        List<Bottleneck> bs = c.bottlenecks();
        assertEquals(2, bs.size());
        assertEquals("set1", bs.get(0).name());
        assertEquals(ConnectPoint.deviceConnectPoint("of:0000000000000003/3"), bs.get(0).egress());
        assertTrue(bs.get(0).linkDst().isEmpty());
        assertEquals(7_500_000L, bs.get(0).capacityBps());
        assertEquals(List.of(IpPrefix.valueOf("10.0.0.4/32")), bs.get(0).prefixes());
        assertEquals("set2", bs.get(1).name());
        assertEquals(ConnectPoint.deviceConnectPoint("of:0000000000000003/2"), bs.get(1).egress());
        assertEquals(7_500_000L, bs.get(1).capacityBps());
        assertEquals(List.of(IpPrefix.valueOf("10.0.0.3/32")), bs.get(1).prefixes());
    }

    @Test
    void defaultsAreTheLabsTestbedAtOneTenthOfThePapersRates() throws Exception {
        generate(out);
        FudpConfig c = fudpConfig(netcfg());
        assertEquals(1, c.facilities().get(0).keyId());
        for (Bottleneck b : c.bottlenecks()) {
            assertEquals(10_000_000L, b.capacityBps(), b.name());
        }
    }

    @Test
    void everyDeviceTheFudpSectionNamesIsADeviceOfTheNetcfgAndOnosAcceptsThem() throws Exception {
        generate(out);
        JsonNode netcfg = netcfg();
        Set<String> top = new HashSet<>();
        netcfg.fieldNames().forEachRemaining(top::add);
        assertEquals(Set.of("devices", "apps"), top);

        Set<DeviceId> devices = new HashSet<>();
        Iterator<String> ids = netcfg.path("devices").fieldNames();
        while (ids.hasNext()) {
            String id = ids.next();
            DeviceId device = DeviceId.deviceId(id);
            BasicDeviceConfig basic = new BasicDeviceConfig();
            basic.init(device, "basic", netcfg.path("devices").path(id).path("basic"), mapper, null);
            assertTrue(basic.isValid(), id);
            assertTrue(basic.name().matches("fm(s1|r1|r2)"), basic.name());
            devices.add(device);
        }
        assertEquals(Set.of(DeviceId.deviceId("of:0000000000000001"), DeviceId.deviceId("of:0000000000000002"),
                DeviceId.deviceId("of:0000000000000003")), devices);

        FudpConfig c = fudpConfig(netcfg);
        assertTrue(devices.contains(c.facilities().get(0).deviceId()));
        for (Bottleneck b : c.bottlenecks()) {
            assertTrue(devices.contains(b.egress().deviceId()), b.name());
        }
    }

    /** The loop's facility for a configured one, as NetworkConfigAdapter.loopFacility builds it. */
    private static org.fudp.loop.api.settings.Facility loopFacility(FacilityConfig f) {
        return new org.fudp.loop.api.settings.Facility(f.deviceId().toString(), f.adjustorPort().toLong(),
                f.returnPort().toLong(), f.adjustorMac().toBytes(), f.keyId());
    }

    private static final NetworkView NO_NETWORK = new NetworkView() {
        @Override
        public OptionalLong onwardPort(String facilityId, java.net.InetAddress dst, long dstMac) {
            return OptionalLong.empty();
        }

        @Override
        public Optional<org.fudp.loop.api.network.CfsAssignment> cfsOf(String facilityId, java.net.InetAddress dst) {
            return Optional.empty();
        }
    };

    /** What the loop sends when it is given the key file's text and then the facility. */
    private List<FrameOut> framesFor(String keyText, FacilityConfig f) {
        // As FudpManager: the loop starts without keys, LoopHost.loadKeys then hands it the file.
        FudpLoop loop = new FudpLoop(LoopSettings.defaults(), NO_NETWORK, null, T0);
        loop.setKeys(T0 + 1, keyText);
        Actions a = loop.setFacilities(T0 + 2, List.of(loopFacility(f)));
        List<FrameOut> frames = new ArrayList<>(a.frames());
        frames.addAll(loop.tick(T0 + 5_000).frames());
        return frames;
    }

    @Test
    void controllerKeysLoadInTheLoopAndSignWhatTheAgentKeysVerify() throws Exception {
        generate(out, "--key-id", "42");
        FacilityConfig f = fudpConfig(netcfg()).facilities().get(0);
        String controllerKeys = Files.readString(out.resolve("controller.keys"), StandardCharsets.UTF_8);
        KeyRing ring = KeyRing.parse(controllerKeys);
        assertEquals(Set.of(42), ring.keyIds());

        List<FrameOut> frames = framesFor(controllerKeys, f);
        assertFalse(frames.isEmpty(), "the loop sent nothing to the adjustor: its key did not load");
        KeyRing agentRing = KeyRing.parse(Files.readString(out.resolve("agent.keys"), StandardCharsets.UTF_8));
        for (FrameOut frame : frames) {
            assertEquals(f.deviceId().toString(), frame.facilityId());
            assertEquals(3, frame.port());
            EthernetFrame eth = EthernetFrame.parse(frame.frame());
            assertArrayEquals(MacAddress.valueOf("02:00:00:00:00:aa").toBytes(), eth.dst());
            byte[] raw = frame.frame();
            byte[] payload = Arrays.copyOfRange(raw, EthernetFrame.HEADER_BYTES, raw.length);
            ControlMessage m = FrameCodec.decode(payload, agentRing, FrameCodec.MAX_PAYLOAD_BYTES);
            assertEquals(42, m.header().keyId());
        }
    }

    @Test
    void aKeyFileWithoutTheFacilitysKeyIdSendsNothingSoTheCheckAboveCanFail() throws Exception {
        generate(out, "--key-id", "42");
        FacilityConfig f = fudpConfig(netcfg()).facilities().get(0);
        String other = Files.readString(out.resolve("controller.keys"), StandardCharsets.UTF_8)
                .replace("42 = ", "43 = ");
        assertEquals(List.of(), framesFor(other, f));
    }

    @Test
    void keyFilesArePrivateAndKeptUnlessNewKeysIsAsked() throws Exception {
        generate(out);
        Path ctl = out.resolve("controller.keys");
        Path agent = out.resolve("agent.keys");
        for (Path p : List.of(ctl, agent)) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
        }
        String first = Files.readString(ctl);
        assertEquals(first, Files.readString(agent));

        generate(out, "--bottleneck-mbps", "5");
        assertEquals(first, Files.readString(ctl));
        assertEquals(first, Files.readString(agent));

        // A lost agent.keys is restored from controller.keys, not replaced by a new key.
        Files.delete(agent);
        generate(out);
        assertEquals(first, Files.readString(agent));

        generate(out, "--new-keys");
        String second = Files.readString(ctl);
        assertNotEquals(first, second);
        assertEquals(second, Files.readString(agent));
    }

    @Test
    void differingKeyFilesAndUnknownKeyIdsAreRefusedAndNothingIsOverwritten() throws Exception {
        generate(out);
        Path agent = out.resolve("agent.keys");
        String mine = Files.readString(agent);
        Files.writeString(agent, "1 = " + "ab".repeat(32) + "\n");
        Result r = script(out);
        assertEquals(1, r.status, r.output);
        assertTrue(r.output.contains("hold different keys"), r.output);
        assertNotEquals(mine, Files.readString(agent));

        Files.writeString(agent, mine);
        r = script(out, "--key-id", "9");
        assertEquals(1, r.status, r.output);
        assertTrue(r.output.contains("has no key id 9"), r.output);
    }

    @Test
    void badOptionsAreRefusedWithTheirReason() throws Exception {
        Result r = script(out, "--bottleneck-mbps", "0");
        assertEquals(2, r.status, r.output);
        assertTrue(r.output.contains("--bottleneck-mbps and --link-mbps must be positive"), r.output);
        r = script(out, "--bottleneck-mbps", "200");
        assertEquals(2, r.status, r.output);
        assertTrue(r.output.contains("above --link-mbps"), r.output);
        assertFalse(Files.exists(out.resolve("netcfg.json")));
    }
}
