package org.fudp.impl;

import org.junit.jupiter.api.Test;
import org.onosproject.net.packet.PacketPriority;
import org.slf4j.LoggerFactory;

import java.util.Hashtable;

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
