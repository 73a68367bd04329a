// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.junit.jupiter.api.Test;
import org.onosproject.net.packet.PacketPriority;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.MessageFormatter;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComponentSettingsTest {

    private static ComponentSettings read(String... kv) {
        Hashtable<String, Object> p = new Hashtable<>();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return ComponentSettings.defaults().read(p, LoggerFactory.getLogger(ComponentSettingsTest.class));
    }

    @Test
    void goodValuesReachTheLoopSettings() {
        ComponentSettings s = read(OsgiPropertyConstants.CONTROL_PERIOD_MS, "1000", OsgiPropertyConstants.ALPHA,
                "0.5", OsgiPropertyConstants.CONTROL_ETHER_TYPE, "0x88b6", OsgiPropertyConstants.HISTORY_LENGTH, "9",
                OsgiPropertyConstants.DRY_RUN, "TRUE", OsgiPropertyConstants.SETTLE, "false");
        assertEquals(1000, s.loop.periodMs());
        assertEquals(0.5, s.loop.fudpa().alpha());
        assertEquals(0x88b6, s.loop.controlEtherType());
        assertEquals(9, s.historyLength);
        assertEquals(ComponentSettings.SENDER_ID, s.loop.senderId());
        assertFalse(s.loop.closingRules(), "ONOS 2.7 cannot match TCP flags");
        assertEquals(true, s.loop.dryRun());
        assertFalse(s.loop.fudpa().settle());
        assertTrue(ComponentSettings.defaults().loop.fudpa().settle());
    }

    @Test
    void badValuesAreRefusedOneByOneAndTheOldOnesKept() {
        ComponentSettings s = read(OsgiPropertyConstants.ALPHA, "1.5", OsgiPropertyConstants.CONTROL_PERIOD_MS,
                "fast", OsgiPropertyConstants.CONTROL_ETHER_TYPE, "0x0800", OsgiPropertyConstants.ENABLED, "yes",
                OsgiPropertyConstants.BETA, "0.5");
        ComponentSettings d = ComponentSettings.defaults();
        assertEquals(d.loop.fudpa().alpha(), s.loop.fudpa().alpha());
        assertEquals(0.5, s.loop.fudpa().beta(), "the good one next to them is taken");
        assertEquals(d.loop.periodMs(), s.loop.periodMs());
        assertEquals(d.loop.controlEtherType(), s.loop.controlEtherType());
        assertEquals(d.loop.enabled(), s.loop.enabled());
        assertNull(ComponentSettings.parseEtherType("0x86dd"));
        assertEquals(Integer.valueOf(0x88b6), ComponentSettings.parseEtherType("34998"));
        assertSame(d, d.read(null, LoggerFactory.getLogger(ComponentSettingsTest.class)));
    }

    @Test
    void principalsAndTheTcpFloorDefaultToHostAndFourAndABadValueKeepsTheOldOne() {
        ComponentSettings d = ComponentSettings.defaults();
        assertEquals(PrincipalRule.HOST, d.loop.principal());
        assertEquals(4, d.loop.fudpa().tcpFloorPrincipals());
        ComponentSettings s = read(OsgiPropertyConstants.UDP_PRINCIPAL, "prefix/24",
                OsgiPropertyConstants.TCP_FLOOR_PRINCIPALS, "0");
        assertEquals(PrincipalRule.prefix(24, 64), s.loop.principal());
        assertEquals(0, s.loop.fudpa().tcpFloorPrincipals(), "0: the paper's, no floor");
        ComponentSettings bad = read(OsgiPropertyConstants.UDP_PRINCIPAL, "port",
                OsgiPropertyConstants.TCP_FLOOR_PRINCIPALS, "-1");
        assertEquals(PrincipalRule.HOST, bad.loop.principal());
        assertEquals(4, bad.loop.fudpa().tcpFloorPrincipals());
    }

    @Test
    void handOverOnDeactivateIsOffUnlessSetAndAnUnreadableValueKeepsTheOldOne() {
        assertFalse(ComponentSettings.defaults().handOverOnDeactivate, "an uninstall clears by default");
        ComponentSettings on = read(OsgiPropertyConstants.HAND_OVER_ON_DEACTIVATE, "true");
        assertTrue(on.handOverOnDeactivate);
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OsgiPropertyConstants.HAND_OVER_ON_DEACTIVATE, "maybe");
        assertTrue(on.read(p, LoggerFactory.getLogger(ComponentSettingsTest.class)).handOverOnDeactivate);
        assertTrue(on.read(new Hashtable<>(), LoggerFactory.getLogger(ComponentSettingsTest.class))
                .handOverOnDeactivate, "absent: as it was");
    }

    @Test
    void theResponsivenessTestDefaultsToTheLoopsAndTakesEachProperty() {
        assertEquals(ResponsiveTest.defaults(), ComponentSettings.defaults().loop.responsive(),
                "the properties' defaults are the loop's");
        ResponsiveTest t = read(OsgiPropertyConstants.RESPONSIVE_CANDIDATES, " ALL ",
                OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "0.25", OsgiPropertyConstants.RESPONSIVE_HOLD_PERIODS,
                "3", OsgiPropertyConstants.RESPONSIVE_RELEASE_PERIODS, "4",
                OsgiPropertyConstants.RESPONSIVE_RECHECK_SECONDS, "120").loop.responsive();
        assertEquals(ResponsiveTest.defaults().withCandidates(ResponsiveTest.Candidates.ALL).withHold(0.25, 3)
                .withReleasePeriods(4).withRecheckMs(120_000), t);
        assertEquals(ResponsiveTest.off(), read(OsgiPropertyConstants.RESPONSIVE_CANDIDATES, "none").loop.responsive(),
                "none turns the test off: every UDP flow is the paper's");
        assertEquals(0.9, read(OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "0.9").loop.responsive().holdFraction());
    }

    @Test
    void aBadResponsivenessValueIsRefusedSayingWhyAndThePreviousTestKept() {
        ComponentSettings before = read(OsgiPropertyConstants.RESPONSIVE_CANDIDATES, "all",
                OsgiPropertyConstants.RESPONSIVE_RECHECK_SECONDS, "30");
        String fraction = "must be a number above 0 and at most 0.9; keeping 0.5";
        Map<List<String>, String> refused = new LinkedHashMap<>();
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_CANDIDATES, "tcp"), "must be none, quic or all; "
                + "keeping all");
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_CANDIDATES, "quick"), "must be none, quic or all; "
                + "keeping all");
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "0"), fraction);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "0.95"), fraction);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "NaN"), fraction);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_FRACTION, "half"), fraction);
        String periods = "must be an integer 1..10; keeping ";
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_PERIODS, "0"), periods + 1);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_HOLD_PERIODS, "11"), periods + 1);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_RELEASE_PERIODS, "-1"), periods + 3);
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_RECHECK_SECONDS, "0"), "must be an integer 1..3600; "
                + "keeping 30");
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_RECHECK_SECONDS, "3601"), "must be an integer 1..3600; "
                + "keeping 30");
        refused.put(List.of(OsgiPropertyConstants.RESPONSIVE_RECHECK_SECONDS, "1.5"), "must be an integer 1..3600; "
                + "keeping 30");
        refused.forEach((bad, why) -> {
            Hashtable<String, Object> p = new Hashtable<>();
            p.put(bad.get(0), bad.get(1));
            List<String> errors = new ArrayList<>();
            assertEquals(before.loop.responsive(), before.read(p, recording(errors)).loop.responsive(),
                    bad.toString());
            assertEquals(List.of("Invalid " + bad.get(0) + " \"" + bad.get(1) + "\": " + why), errors);
        });
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OsgiPropertyConstants.RESPONSIVE_HOLD_PERIODS, "99");
        p.put(OsgiPropertyConstants.RESPONSIVE_RELEASE_PERIODS, "5");
        ResponsiveTest t = before.read(p, LoggerFactory.getLogger(ComponentSettingsTest.class)).loop.responsive();
        assertEquals(before.loop.responsive().withReleasePeriods(5), t, "the good one next to it is taken");
    }

    /** A logger that keeps, formatted, what it is told at ERROR, and drops the rest. */
    private static Logger recording(List<String> errors) {
        return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[]{Logger.class},
                (proxy, method, args) -> {
                    if ("error".equals(method.getName()) && args.length > 1 && args[0] instanceof String) {
                        Object[] rest = args.length == 2 && args[1] instanceof Object[] ? (Object[]) args[1]
                                : Arrays.copyOfRange(args, 1, args.length);
                        errors.add(MessageFormatter.arrayFormat((String) args[0], rest).getMessage());
                    }
                    return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
                });
    }

    @Test
    void puntsStayBelowThePerFlowRules() {
        ComponentSettings d = ComponentSettings.defaults();
        assertEquals(PacketPriority.MEDIUM, d.puntPriority);
        assertEquals(35000, d.loop.flowPriority(), "between the punts (30000) and CONTROL (40000)");
        ComponentSettings tie = read(OsgiPropertyConstants.FLOW_PRIORITY, "30000");
        assertEquals(35000, tie.loop.flowPriority(), "rules that tie with the punts would never match first");
        ComponentSettings high = read(OsgiPropertyConstants.PUNT_PRIORITY, "high");
        assertEquals(PacketPriority.MEDIUM, high.puntPriority, "60000 is above the per-flow rules");
        assertEquals(PacketPriority.REACTIVE, read(OsgiPropertyConstants.PUNT_PRIORITY, "reactive").puntPriority);
        assertEquals(PacketPriority.MEDIUM, read(OsgiPropertyConstants.PUNT_PRIORITY, "loud").puntPriority);
    }

    @Test
    void theSflowCollectorBindsEveryAddressByDefaultAndTakesAnAddressAndSources() {
        SflowSettings d = ComponentSettings.defaults().sflow;
        assertEquals("UDP port 6343 on every address", d.toString());
        SflowSettings s = read(OsgiPropertyConstants.SFLOW_ADDRESS, " 10.0.0.11 ", OsgiPropertyConstants.SFLOW_SOURCES,
                "192.0.2.0/24, 2001:db8::7,").sflow;
        assertEquals("10.0.0.11", s.addressText());
        assertEquals("192.0.2.0/24,2001:db8::7/128", s.sourcesText());
        assertEquals("", read(OsgiPropertyConstants.SFLOW_ADDRESS, "").sflow.addressText(), "empty: every address");
        SflowSettings bad = read(OsgiPropertyConstants.SFLOW_ADDRESS, "onos-1.example",
                OsgiPropertyConstants.SFLOW_SOURCES, "192.0.2.0/24,switches").sflow;
        assertEquals(d, bad, "a host name and a bad source are refused whole, the old values kept");
    }
}
