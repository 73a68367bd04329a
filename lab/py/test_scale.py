# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The scale run's pieces without a lab: the scenario's switch limits and workload (validation, times), the
parsers of what OVS and the lab controller print (switchmon.py), and the figures made of them (scale.py).

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import copy
import json
import os
import tempfile
import time
import unittest

import scale
import scenario
import switchmon
import topo
import workload

HERE = os.path.dirname(os.path.abspath(__file__))
SCALE = os.path.join(HERE, "..", "scenarios", "scale-today.json")


def load_raw(raw):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(raw, fh)
    try:
        return scenario.load(fh.name)
    finally:
        os.unlink(fh.name)


class ScaleScenario(unittest.TestCase):

    def setUp(self):
        with open(SCALE) as fh:
            self.raw = json.load(fh)

    def bad(self, mutate, message):
        raw = copy.deepcopy(self.raw)
        mutate(raw)
        with self.assertRaises(scenario.ScenarioError) as ctx:
            load_raw(raw)
        self.assertIn(message, str(ctx.exception))

    def test_the_scale_scenario_loads_with_its_limits_and_workload(self):
        sc = scenario.load(SCALE)
        self.assertEqual({"flowLimit": 1000, "packetInRate": 500, "packetInBurst": 125}, sc.switch)
        self.assertTrue(sc.scale)
        self.assertEqual(["http-0", "holders-0", "udpMice-0"], [p.name for p in sc.workload.parts])
        self.assertEqual(120.0, sc.length, "the workload outlasts the elephants")
        self.assertEqual(["ip", "fudp"], sc.mechanisms)
        holders = sc.workload.of("holders")[0]
        self.assertEqual((5000, 100, 5.0, 500.0, 9000), (holders.connections, holders.bytes, holders.interval,
                                                         holders.ramp, holders.port))
        self.assertEqual([1024], sc.workload.of("http")[0].sizes)

    def test_without_a_switch_section_the_switch_is_unlimited_and_the_run_is_not_a_scale_run(self):
        sc = scenario.load(os.path.join(HERE, "..", "scenarios", "table1.json"))
        self.assertEqual({"flowLimit": None, "packetInRate": None, "packetInBurst": None}, sc.switch)
        self.assertIsNone(sc.workload)
        self.assertFalse(sc.scale)
        self.assertEqual(80.0, sc.length)

    def test_quick_scales_the_workload_too(self):
        sc = scenario.load(SCALE)
        sc.apply_quick()
        self.assertEqual(60.0, sc.length)
        self.assertEqual(60.0, sc.workload.of("http")[0].duration)

    def test_the_budgeted_scenario_samples_and_sets_the_budgets(self):
        sc = scenario.load(os.path.join(HERE, "..", "scenarios", "scale-budgeted.json"))
        self.assertEqual({"rate": 64, "heavyBps": 1000000}, sc.sampling)
        self.assertEqual((900, 200), (sc.rule_budget, sc.packet_in_budget))
        self.assertIsNone(scenario.load(SCALE).sampling, "without it, every flow comes as a packet-in")

    def test_sampling_is_checked(self):
        self.bad(lambda r: r["fudp"].update(sampling={"rate": 0}), "fudp.sampling.rate: must be a whole number 1..")
        self.bad(lambda r: r["fudp"].update(sampling={"rate": 64.5}), "fudp.sampling.rate")
        self.bad(lambda r: r["fudp"].update(sampling={"heavyMbps": 0}), "fudp.sampling.heavyMbps: must be a number > 0")
        self.bad(lambda r: r["fudp"].update(sampling={"heavyMbps": True}), "fudp.sampling.heavyMbps")
        self.bad(lambda r: r["fudp"].update(sampling={"every": 3}), "fudp.sampling: expected an object")

    def test_switch_limits_are_checked(self):
        self.bad(lambda r: r["topology"]["switch"].update(flowLimit=11),
                 "topology.switch.flowLimit: must be 12..10000000 (the controller's 11 base rules and one more)")
        self.bad(lambda r: r["topology"]["switch"].update(flowLimit=1000.5), "flowLimit: expected a whole number")
        self.bad(lambda r: r["topology"]["switch"].update(flowLimit=True), "flowLimit: expected a whole number")
        self.bad(lambda r: r["topology"]["switch"].update(packetInRate=0), "packetInRate: must be 1..10000000")
        self.bad(lambda r: r["topology"]["switch"].update(tableSize=5), "topology.switch.tableSize: unknown field")
        self.bad(lambda r: r["topology"]["switch"].pop("packetInRate"), "packetInBurst: needs packetInRate")
        self.bad(lambda r: r["topology"].update(switch=[1000]), "topology.switch: expected an object")

    def test_the_workload_is_checked(self):
        self.bad(lambda r: r["workload"]["http"].update(client="h9"), "workload.http[0].client: unknown host 'h9'")
        self.bad(lambda r: r["workload"]["http"].update(server="h4"), "workload.http[0]: client and server are the "
                                                                      "same host 'h4'")
        self.bad(lambda r: r["workload"]["holders"].update(connections=0), "workload.holders[0].connections: must "
                                                                           "be >= 1")
        self.bad(lambda r: r["workload"]["holders"].update(connections=10.5), "connections: expected an integer")
        self.bad(lambda r: r["workload"]["udpMice"].update(start=20, duration=290), "workload.udpMice[0]: start + duration "
                                                                          "must be <= 300 s")
        self.bad(lambda r: r["workload"]["udpMice"].update(rate=5), "workload.udpMice[0].rate: unknown field")
        self.bad(lambda r: r["workload"]["http"].update(bytes=[]), "workload.http[0].bytes: expected a body size")
        self.bad(lambda r: r["workload"]["http"].pop("perSecond"), "workload.http[0]: missing field 'perSecond'")
        self.bad(lambda r: r["workload"].update(ftp={}), "workload.ftp: unknown field")
        self.bad(lambda r: r.update(workload={}), "workload: describes no generator")
        self.bad(lambda r: r["flows"][0].update(id=3800), "flows: a flow's iperf3 port 9000 is a workload server's port")

    def test_a_kind_takes_a_list_and_http_a_list_of_sizes(self):
        raw = copy.deepcopy(self.raw)
        raw["workload"]["http"] = [raw["workload"]["http"], dict(raw["workload"]["http"], bytes=[1000, 100000],
                                                                 client="h3", start=10, duration=20)]
        sc = load_raw(raw)
        http = sc.workload.of("http")
        self.assertEqual([8080, 8081], [p.port for p in http])
        self.assertEqual([1000, 100000], http[1].sizes)
        self.assertEqual(30.0, http[1].end)

    def test_mice_to_many_addresses_give_their_host_a_prefix_of_its_own(self):
        raw = copy.deepcopy(self.raw)
        raw["workload"]["udpMice"].update(dstAddresses=2000)
        sc = load_raw(raw)
        mice = sc.workload.of("udpMice")[0]
        self.assertEqual(2000, mice.dst_addresses)
        self.assertEqual({mice.dst}, sc.workload.prefix_hosts())
        t = topo.Topology(sc)
        h = t.hosts[mice.dst]
        self.assertTrue(h.has_prefix)
        self.assertFalse(any(o.has_prefix for o in t.hosts.values() if o is not h))
        self.assertEqual("10.%d.0.0/16" % (80 + h.index), h.prefix)
        self.assertEqual(["10.%d.0.1" % (80 + h.index), "10.%d.1.0" % (80 + h.index)],
                         [h.prefix_address(0), h.prefix_address(255)])
        self.assertFalse(topo.Topology(scenario.load(SCALE)).hosts[mice.dst].has_prefix, "only when asked")
        self.bad(lambda r: r["workload"]["udpMice"].update(dstAddresses=65535),
                 "workload.udpMice[0].dstAddresses: must be <= 65534")


class OvsTexts(unittest.TestCase):
    """What OVS 3.1 prints, as the lab reads it."""

    def test_table_use_from_dump_aggregate(self):
        self.assertEqual(1000, switchmon.parse_aggregate(
            "OFPST_AGGREGATE reply (OF1.3) (xid=0x6): packet_count=12 byte_count=3400 flow_count=1000\n"))
        self.assertIsNone(switchmon.parse_aggregate("ovs-ofctl: fslbr is not a bridge or a socket"))

    def test_the_controller_meter_offered_and_dropped(self):
        text = ("OFPST_METER reply (OF1.3) (xid=0x2):\n"
                "meter:controller flow_count:0 packet_in_count:38248 byte_in_count:4120000 duration:10.027s bands:\n"
                "0: packet_count:33170 byte_count:3500000\n\n"
                "meter:3 flow_count:0 packet_in_count:7 byte_in_count:0 duration:0.021s bands:\n"
                "0: packet_count:1 byte_count:0\n")
        self.assertEqual((38248, 33170), switchmon.parse_controller_meter(text))
        self.assertEqual((None, None), switchmon.parse_controller_meter("OFPST_METER reply (OF1.3) (xid=0x2):\n"))

    def test_a_coverage_counter_and_zero_when_never_hit(self):
        text = ("Event coverage, avg rate over last: 5 seconds, last minute, last hour,  hash=63852afc:\n"
                "ofproto_flush              0.0/sec     0.000/sec        0.0000/sec   total: 2\n"
                "rconn_overflow           401.8/sec   104.183/sec        1.7364/sec   total: 3830\n"
                "151 events never hit\n")
        self.assertEqual(3830, switchmon.parse_coverage(text, "rconn_overflow"))
        self.assertEqual(0, switchmon.parse_coverage(text, "rconn_queued"))

    def test_cpu_seconds_from_proc_stat_with_a_space_in_the_name(self):
        clk = switchmon.CLK
        line = "7553 (java main) S 7548 7548 19908 0 -1 4194304 126 0 0 0 %d %d %d %d 20 0 1 0" % (
            3 * clk, clk, 2 * clk, clk)
        self.assertEqual((4.0, 3.0), switchmon.parse_proc_stat(line))

    def test_established_sockets_from_ss(self):
        text = "Total: 10031\nTCP:   10063 (estab 10002, closed 55, orphaned 0, timewait 54)\n"
        self.assertEqual(10002, switchmon.parse_ss_estab(text))


LOG = """[controller 12:18:09] controller up: bridge fslbr, 2 bottleneck(s), period 1000 ms
[controller 12:18:11] New flow udp-10.77.0.1-40003-10.77.0.4-5203 at fslbr in bottleneck:set1, steered through the adjustor
[controller 12:18:12] stats at 1795695492617 ms: packet-ins 605 read (605 events, 4 control frames), 245 handled, 360 waiting, longest wait 694 ms; rules refused: 0 table full, 0 other, 0 flows partly installed; heap 24 MB
[controller 12:18:13] WARN table full: 1 rules refused at fslbr (1 by the switch, 0 not sent after it; 2 of 3 installed; 1 refused in all); flows: tcp-10.77.0.2-50002-10.77.0.4-5202 [CLOSING_RST]; partly installed: tcp-10.77.0.2-50002-10.77.0.4-5202
[controller 12:18:13] WARN table full: 3 rules refused at fslbr (1 by the switch, 2 not sent after it; 0 of 3 installed; 4 refused in all); flows: tcp-10.77.0.2-50004-10.77.0.4-5202 [DIRECT, CLOSING_FIN, CLOSING_RST]
[controller 12:18:13] WARN flow-mod refused (OFPMMFC_INVALID_METER): 1 rules refused at fslbr (1 by the switch, 0 not sent after it; 0 of 1 installed; 1 refused in all); flows: udp-10.77.0.1-40003-10.77.0.4-5203 [DIRECT]
[controller 12:18:14] stats at 1795695494617 ms: packet-ins 1605 read (1600 events, 5 control frames), 345 handled, 1260 waiting, longest wait 1694 ms; rules refused: 4 table full, 1 other, 1 flows partly installed; heap 30 MB
[controller 12:18:24] WARN Adjustor agent at fslbr is silent for 5000 ms: down
[controller 12:19:17] WARN ovs-ofctl del-flows failed: interrupted
"""


class ControllerLog(unittest.TestCase):
    """The lines LabHost (RuleRefusals) and LabControllerMain write, as the analysis counts them; the refusal
    lines are those TableFullLabHostTest asserts."""

    def test_refusals_flows_stats_and_agent_downs_are_counted(self):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as fh:
            fh.write(LOG)
        try:
            near = time.mktime((2026, 11, 26, 12, 18, 0, 0, 0, -1))
            c = switchmon.read_controller_log(fh.name, near)
        finally:
            os.unlink(fh.name)
        self.assertEqual(4, c["tableFullRules"])
        self.assertEqual(2, c["tableFullLines"])
        self.assertEqual({"OFPMMFC_INVALID_METER": 1}, c["otherRefused"])
        self.assertEqual(1, c["partlyInstalled"])
        self.assertEqual(["tcp-10.77.0.2-50002-10.77.0.4-5202"], c["partlyFlows"])
        self.assertEqual({"del-flows": 1}, c["failedCalls"])
        self.assertEqual(1, c["agentDown"])
        self.assertEqual([(near + 11, "udp-10.77.0.1-40003-10.77.0.4-5203")], c["newFlows"])
        self.assertEqual([(near + 13, "tcp-10.77.0.2-50002-10.77.0.4-5202", ["CLOSING_RST"]),
                          (near + 13, "tcp-10.77.0.2-50004-10.77.0.4-5202", ["DIRECT", "CLOSING_FIN", "CLOSING_RST"]),
                          (near + 13, "udp-10.77.0.1-40003-10.77.0.4-5203", ["DIRECT"])], c["refusedFlows"])
        self.assertEqual(2, len(c["stats"]))
        s = c["stats"][1]
        self.assertEqual((1795695494.617, 1605, 1600, 5, 345, 1260, 1694, 4, 1, 1, 30),
                         (s["epoch"], s["packetIns"], s["events"], s["control"], s["handled"], s["waiting"],
                          s["maxWaitMs"], s["tableFull"], s["other"], s["partly"], s["heapMb"]))
        # per-second rates from the cumulative counts
        self.assertEqual([(2.0, 500.0)], scale.rates(c["stats"], "packetIns", 1795695492.617))

    def test_a_line_just_after_midnight_belongs_to_the_next_day(self):
        near = time.mktime((2026, 11, 26, 23, 59, 50, 0, 0, -1))
        self.assertEqual(near + 15, switchmon.clock_epoch("00", "00", "05", near))


class Figures(unittest.TestCase):

    def test_percentiles_by_nearest_rank(self):
        xs = list(range(1, 101))
        self.assertEqual(50, scale.percentile(xs, 50))
        self.assertEqual(99, scale.percentile(xs, 99))
        self.assertEqual(100, scale.percentile(xs, 100))
        self.assertEqual(7, scale.percentile([7], 99))
        self.assertIsNone(scale.percentile([], 50))

    def test_rates_skip_blanks_and_counter_resets(self):
        rows = [{"epoch": 10.0, "c": 0.0}, {"epoch": 11.0, "c": 500.0}, {"epoch": 12.0, "c": None},
                {"epoch": 13.0, "c": 1500.0}, {"epoch": 14.0, "c": 3.0}, {"epoch": 15.0, "c": 13.0}]
        self.assertEqual([(1.0, 500.0), (3.0, 500.0), (5.0, 10.0)], scale.rates(rows, "c", 10.0))

    def test_controller_cpu_sums_its_parts_in_percent_of_a_core(self):
        rows = [{"epoch": 0.0, "a": 1.0, "b": 1.0}, {"epoch": 2.0, "a": 1.5, "b": 2.0},
                {"epoch": 3.0, "a": None, "b": 2.0}]
        self.assertEqual([(2.0, 75.0)], scale.cpu_percent(rows, ("a", "b"), 0.0))

    def test_the_busiest_ten_seconds(self):
        series = [(float(t), 10.0) for t in range(30)] + [(float(t), 90.0) for t in range(30, 40)]
        self.assertEqual(90.0, scale.windowed_max(series, 10.0))
        self.assertIsNone(scale.windowed_max([]))

    def test_http_completion_times_and_failures_in_a_window(self):
        rows = [(100.0 + i, float(i + 1), True, 1259, "") for i in range(10)] + [
            (105.5, 10000.0, False, 0, "TimeoutError:None")]
        all_ = scale.http_stats(rows)
        self.assertEqual((11, 10, 1), (all_["requests"], all_["ok"], all_["failed"]))
        self.assertEqual((5.0, 9.0, 10.0, 10.0), (all_["p50Ms"], all_["p90Ms"], all_["p99Ms"], all_["maxMs"]))
        self.assertEqual({"TimeoutError:None": 1}, all_["failReasons"])
        late = scale.http_stats(rows, 105.0, 200.0)
        self.assertEqual((6, 5, 1), (late["requests"], late["ok"], late["failed"]))

    def test_the_http_csv_as_the_generator_writes_it(self):
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as fh:
            fh.write("start_epoch,ms,ok,bytes,path,error\n1795695205.153014,1.442,1,1259,/1024,\n"
                     "1795695205.169058,10000.1,0,0,/1024,TimeoutError:None\n")
        try:
            rows = workload.read_http_csv(fh.name)
        finally:
            os.unlink(fh.name)
        self.assertEqual([(1795695205.153014, 1.442, True, 1259, ""),
                          (1795695205.169058, 10000.1, False, 0, "TimeoutError:None")], rows)


if __name__ == "__main__":
    unittest.main()
