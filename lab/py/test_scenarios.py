# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Every scenario under lab/scenarios/ loads and validates, as it is and with --quick; the flood-first ones start
their UDP before their TCP; fudp.controllerRestarts is checked.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import glob
import json
import os
import tempfile
import unittest

import scenario
import traffic

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios")


def _load(raw):
    """Loads a scenario given as its parsed JSON, through a file as the lab reads it."""
    fh = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump(raw, fh)
    fh.close()
    try:
        return scenario.load(fh.name)
    finally:
        os.unlink(fh.name)


class EveryScenarioFile(unittest.TestCase):

    def test_each_loads_and_its_quick_variant_too(self):
        paths = sorted(glob.glob(os.path.join(DIR, "*.json")))
        self.assertGreater(len(paths), 10)
        for path in paths:
            with self.subTest(os.path.basename(path)):
                sc = scenario.load(path)
                self.assertTrue(sc.description, "every scenario says what it is")
                self.assertEqual(os.path.basename(path), sc.name + ".json")
                for s in sc.sets():
                    sc.steady_window(s)  # may be empty (heavytail.json: flows that seldom overlap), never an error
                    sc.capacity_mbps(s)
                length = sc.length
                sc.apply_quick()
                self.assertAlmostEqual(length * float(sc.quick.get("timeScale", 0.5)), sc.length)

    def test_flood_first_scenarios_start_udp_at_least_5_s_before_tcp_or_quic_in_every_set(self):
        paths = sorted(glob.glob(os.path.join(DIR, "*floodfirst*.json")))
        self.assertEqual(11, len(paths))
        for path in paths:
            sc = scenario.load(path)
            for s in sc.sets():
                with self.subTest(sc.name, set=s):
                    # A sleeper floods once its seconds of good behaviour are over.
                    udp = min(f.start + (f.sleeper_s or 0) for f in sc.flows
                              if f.set == s and f.protocol in ("udp", "udp-swarm", "quic-flood"))
                    responsive = min(f.start for f in sc.flows if f.set == s and f.protocol in ("tcp", "quic"))
                    self.assertLessEqual(udp + 5, responsive)

    def test_flood_first_variants_change_only_the_order_of_their_originals(self):
        for name, original in (("scale-budgeted-floodfirst", "scale-budgeted"), ("scale-today-floodfirst", "scale-today"),
                               ("trace-budgeted-floodfirst", "trace-budgeted"), ("trace-today-floodfirst", "trace-today")):
            with self.subTest(name):
                with open(os.path.join(DIR, name + ".json")) as fh:
                    a = json.load(fh)
                with open(os.path.join(DIR, original + ".json")) as fh:
                    b = json.load(fh)
                self.assertEqual({"name", "description", "flows"}, {k for k in a if a[k] != b.get(k)} | (set(b) - set(a)))
                strip = [{k: v for k, v in f.items() if k not in ("start", "duration")} for f in a["flows"]]
                self.assertEqual(strip, [{k: v for k, v in f.items() if k not in ("start", "duration")}
                                         for f in b["flows"]])


class ControllerRestarts(unittest.TestCase):

    def raw(self, restarts):
        with open(os.path.join(DIR, "table1-floodfirst.json")) as fh:
            raw = json.load(fh)
        raw["fudp"]["controllerRestarts"] = restarts
        return raw

    def load(self, restarts):
        return _load(self.raw(restarts))

    def test_table1_floodfirst_restarts_at_55_for_5_s_and_quick_moves_only_the_time(self):
        sc = scenario.load(os.path.join(DIR, "table1-floodfirst.json"))
        self.assertEqual([{"at": 55.0, "downSeconds": 5.0, "signal": "kill"}], sc.controller_restarts)
        sc.apply_quick()
        self.assertEqual([{"at": 27.5, "downSeconds": 5.0, "signal": "kill"}], sc.controller_restarts)

    def test_bad_restarts_are_refused_with_their_field(self):
        for restarts, words in (([{"at": 78, "downSeconds": 5}], "before the run ends"),
                                ([{"at": 20, "downSeconds": 5}, {"at": 24, "downSeconds": 1}], "previous restart"),
                                ([{"at": 20}], "downSeconds"),
                                ([{"at": 20, "downSeconds": 5, "signal": "stop"}], "signal"),
                                ([{"at": 20, "downSeconds": 5, "when": 1}], "unknown field"),
                                ({"at": 20}, "expected a list")):
            with self.subTest(words):
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    self.load(restarts)
                self.assertIn(words, str(ctx.exception))
        self.assertEqual("term", self.load([{"at": 20, "downSeconds": 5, "signal": "term"}])
                         .controller_restarts[0]["signal"])

    def test_a_bad_quick_block_is_refused_when_the_file_loads(self):
        raw = self.raw([])
        raw["quick"] = {"timeScale": 0, "mechanisms": ["fudp"]}
        with self.assertRaises(scenario.ScenarioError):
            _load(raw)


class Responsive(unittest.TestCase):

    def load(self, responsive):
        with open(os.path.join(DIR, "table1-quic.json")) as fh:
            raw = json.load(fh)
        raw["fudp"]["responsive"] = responsive
        return _load(raw)

    def test_the_test_s_settings_become_the_controller_s_keys(self):
        sc = self.load({"candidates": "all", "holdPeriods": 1, "recheckSeconds": 30})
        self.assertEqual({"responsiveCandidates": "all", "responsiveHoldPeriods": 1, "responsiveRecheckSeconds": 30},
                         sc.responsive)
        self.assertEqual({}, scenario.load(os.path.join(DIR, "table1-quic.json")).responsive)

    def test_bad_settings_are_refused_with_their_field(self):
        for responsive, words in (({"candidates": "some"}, "candidates"), ({"holdPeriods": 0}, "holdPeriods"),
                                  ({"hold": 1}, "expected an object"), ("quic", "expected an object")):
            with self.subTest(words):
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    self.load(responsive)
                self.assertIn(words, str(ctx.exception))


class Swarms(unittest.TestCase):

    def load(self, flow, **extra):
        with open(os.path.join(DIR, "swarm-sources.json")) as fh:
            raw = json.load(fh)
        raw["flows"][2].update(flow)
        raw["flows"][2].update(extra)
        return _load(raw)

    def test_a_swarm_gets_addresses_and_ports_of_its_own(self):
        sc = self.load({})
        f = sc.flows[2]
        self.assertEqual(list(range(100, 200)), f.swarm_addresses)
        self.assertEqual(scenario.SWARM_FIRST_PORT, f.swarm_port)
        self.assertEqual((100, 100), (f.swarm_flows, f.swarm_sources))

    def test_bad_swarms_are_refused_with_their_field(self):
        for flow, words in (({"flows": 0}, "flows"), ({"flows": 20001}, "flows"), ({"sources": 156}, "sources"),
                            ({"flows": 10, "sources": 20}, "at most one source per flow"),
                            ({"protocol": "udp"}, "only a udp-swarm flow")):
            with self.subTest(words):
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    self.load(flow)
                self.assertIn(words, str(ctx.exception))

    def test_principal_and_floor_settings_are_checked(self):
        with open(os.path.join(DIR, "swarm-ports.json")) as fh:
            raw = json.load(fh)
        for fudp, words in (({"principal": 3}, "fudp.principal"), ({"tcpFloorPrincipals": -1}, "tcpFloorPrincipals"),
                            ({"tcpFloorPrincipals": True}, "tcpFloorPrincipals")):
            with self.subTest(words):
                raw2 = json.loads(json.dumps(raw))
                raw2["fudp"].update(fudp)
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    _load(raw2)
                self.assertIn(words, str(ctx.exception))


class Adversaries(unittest.TestCase):
    """Issue 41's adversaries of the responsiveness test, quic-flood flows that follow their receiver."""

    def load(self, adversary, protocol="quic-flood"):
        with open(os.path.join(DIR, "quic-adversaries.json")) as fh:
            raw = json.load(fh)
        raw["flows"][2]["adversary"] = adversary
        raw["flows"][2]["protocol"] = protocol
        return _load(raw)

    def test_a_sleeper_and_a_player_reach_the_sender(self):
        sc = self.load({"kind": "sleeper", "seconds": 12})
        self.assertEqual(12.0, sc.flows[2].sleeper_s)
        self.assertIn("--sleeper", traffic.client_cmd(sc.flows[2], "10.0.0.4", 30))
        self.assertIn("--player", traffic.client_cmd(self.load({"kind": "player"}).flows[2], "10.0.0.4", 30))

    def test_bad_adversaries_are_refused_with_their_field(self):
        for adv, protocol, words in (({"kind": "liar"}, "quic-flood", "adversary"),
                                     ({"kind": "sleeper"}, "quic-flood", "seconds"),
                                     ({"kind": "player"}, "udp", "only a quic-flood flow")):
            with self.subTest(words):
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    self.load(adv, protocol)
                self.assertIn(words, str(ctx.exception))


if __name__ == "__main__":
    unittest.main()
