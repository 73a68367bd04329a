# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Loads and validates a lab scenario file (JSON); the format is documented in docs/lab.md.

Validation happens up front and names the bad field, so a bad scenario never half-runs.
"""
import json
import os

import traffic
import workload as workload_mod

MECHANISMS = ("ip", "wfq", "prio", "wrr", "fudp", "fudp-meter")
PROTOCOLS = ("tcp", "udp", "quic", "quic-flood", "udp-swarm")
ELASTIC = ("tcp", "quic")  # congestion controlled: no rate of their own, their demand is unbounded
RATED = ("udp", "quic-flood", "udp-swarm")  # constant rate, whatever the network does
SWARM_MAX_FLOWS = 20000  # swarm.MAX_FLOWS
# A swarm's extra source addresses come from its host's /24 (topo.py: 10.77.0.<index>), from .100 up.
SWARM_FIRST_ADDRESS = 100
SWARM_LAST_ADDRESS = 254
SWARM_FIRST_PORT = 10000
SWARM_LAST_PORT = 39999
QUIC_CC = ("reno", "cubic")  # the congestion controllers aioquic registers (quic_flow.CONGESTION)


class ScenarioError(ValueError):
    pass


def _need(obj, key, kind, where):
    if key not in obj:
        raise ScenarioError("%s: missing field '%s'" % (where, key))
    val = obj[key]
    if kind is float:
        if isinstance(val, bool) or not isinstance(val, (int, float)):
            raise ScenarioError("%s.%s: expected a number, got %r" % (where, key, val))
        return float(val)
    if not isinstance(val, kind):
        raise ScenarioError("%s.%s: expected %s, got %r" % (where, key, kind.__name__, val))
    return val


def _positive(val, where):
    if val <= 0:
        raise ScenarioError("%s: must be > 0, got %r" % (where, val))
    return val


class Flow:
    def __init__(self, raw, idx, hosts):
        where = "flows[%d]" % idx
        self.id = int(_need(raw, "id", float, where))
        self.protocol = _need(raw, "protocol", str, where).lower()
        if self.protocol not in PROTOCOLS:
            raise ScenarioError("%s.protocol: expected one of %s, got %r" % (where, PROTOCOLS, self.protocol))
        self.src = _need(raw, "src", str, where)
        self.dst = _need(raw, "dst", str, where)
        for key in ("src", "dst"):
            if raw[key] not in hosts:
                raise ScenarioError("%s.%s: unknown host %r (hosts: %s)" % (where, key, raw[key], hosts))
        if self.src == self.dst:
            raise ScenarioError("%s: src and dst are the same host %r" % (where, self.src))
        self.start = _need(raw, "start", float, where)
        if self.start < 0:
            raise ScenarioError("%s.start: must be >= 0, got %r" % (where, self.start))
        self.duration = _positive(_need(raw, "duration", float, where), where + ".duration")
        self.rate_mbps = None
        if self.protocol in RATED:
            self.rate_mbps = _positive(_need(raw, "rateMbps", float, where), where + ".rateMbps")
        elif "rateMbps" in raw:
            raise ScenarioError("%s.rateMbps: only UDP and quic-flood flows have a sending rate; %s is elastic (its "
                                "congestion control sets its rate)" % (where, self.protocol.upper()))
        self.cc = None  # a QUIC flow's congestion controller
        if self.protocol == "quic":
            self.cc = raw.get("cc", "cubic")
            if self.cc not in QUIC_CC:
                raise ScenarioError("%s.cc: a QUIC flow's congestion control is one of %s (aioquic's), got %r"
                                    % (where, ", ".join(QUIC_CC), self.cc))
        elif "cc" in raw:
            raise ScenarioError("%s.cc: only QUIC flows choose a congestion control here (TCP runs CUBIC)" % where)
        self.dst_port = None  # the disguised flood's destination port (QUIC's: 443)
        if self.protocol == "quic-flood":
            self.dst_port = raw.get("dstPort", 443)
            if not isinstance(self.dst_port, int) or isinstance(self.dst_port, bool) or not 1 <= self.dst_port <= 65535:
                raise ScenarioError("%s.dstPort: must be a port 1..65535, got %r" % (where, self.dst_port))
        elif "dstPort" in raw:
            raise ScenarioError("%s.dstPort: only a quic-flood flow takes a destination port (the others use "
                                "5200 + id)" % where)
        # An adversary of the responsiveness test (quic_flood.py): a sleeper's seconds of good behaviour, a player.
        self.sleeper_s = None
        self.player = False
        if "adversary" in raw:
            adv = raw["adversary"]
            if self.protocol != "quic-flood":
                raise ScenarioError("%s.adversary: only a quic-flood flow plays the test" % where)
            if not isinstance(adv, dict) or adv.get("kind") not in ("sleeper", "player"):
                raise ScenarioError("%s.adversary: expected {\"kind\": \"sleeper\", \"seconds\": S} or "
                                    "{\"kind\": \"player\"}, got %r" % (where, adv))
            if adv["kind"] == "sleeper":
                self.sleeper_s = _positive(_need(adv, "seconds", float, where + ".adversary"),
                                           where + ".adversary.seconds")
            else:
                self.player = True
        self.swarm_flows = self.swarm_sources = None  # a swarm's 5-tuples and source addresses
        if self.protocol == "udp-swarm":
            self.swarm_flows = raw.get("flows")
            self.swarm_sources = raw.get("sources", 1)
            for key, val, top in (("flows", self.swarm_flows, SWARM_MAX_FLOWS),
                                  ("sources", self.swarm_sources, SWARM_LAST_ADDRESS - SWARM_FIRST_ADDRESS + 1)):
                if not isinstance(val, int) or isinstance(val, bool) or not 1 <= val <= top:
                    raise ScenarioError("%s.%s: a swarm's %s must be a whole number 1..%d, got %r"
                                        % (where, key, key, top, val))
            if self.swarm_sources > self.swarm_flows:
                raise ScenarioError("%s.sources: at most one source per flow (%d flows), got %d"
                                    % (where, self.swarm_flows, self.swarm_sources))
        else:
            for key in ("flows", "sources"):
                if key in raw:
                    raise ScenarioError("%s.%s: only a udp-swarm flow spreads over several 5-tuples" % (where, key))
        self.swarm_addresses = []  # filled in by the scenario: the extra addresses its sources send from
        self.swarm_port = None  # and its first source port
        self.on_off = None
        if "onOff" in raw:
            if self.protocol not in RATED:
                raise ScenarioError("%s.onOff: only UDP and quic-flood flows can have an ON/OFF pattern" % where)
            oo = raw["onOff"]
            if not isinstance(oo, dict):
                raise ScenarioError("%s.onOff: expected an object {onSeconds, offSeconds}" % where)
            self.on_off = (_positive(_need(oo, "onSeconds", float, where + ".onOff"), where + ".onOff.onSeconds"),
                           _positive(_need(oo, "offSeconds", float, where + ".onOff"), where + ".onOff.offSeconds"))
        self.dscp = None  # the DSCP its packets carry (iperf3 --dscp), for classes that match on it
        if "dscp" in raw:
            if self.protocol not in ("tcp", "udp"):
                raise ScenarioError("%s.dscp: only iperf3 flows (tcp, udp) set a DSCP" % where)
            d = raw["dscp"]
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 63:
                raise ScenarioError("%s.dscp: must be an integer 0..63, got %r" % (where, d))
            self.dscp = d
        self.set = None  # filled in from the bottleneck the destination sits behind

    @property
    def end(self):
        return self.start + self.duration

    @property
    def elastic(self):
        """Whether congestion control sets its rate (TCP, QUIC): its max-min demand is unbounded."""
        return self.protocol in ELASTIC

    @property
    def label(self):
        return "%d %s %s>%s" % (self.id, self.protocol.upper(), self.src.upper(), self.dst.upper())

    def scaled(self, factor):
        self.start *= factor
        self.duration *= factor
        if self.on_off:
            self.on_off = (self.on_off[0] * factor, self.on_off[1] * factor)

    def on_periods(self):
        """The (start, duration) pairs during which the flow sends, relative to the run start."""
        if not self.on_off:
            return [(self.start, self.duration)]
        on, off = self.on_off
        out, t = [], self.start
        while t < self.end - 1e-9:
            out.append((t, min(on, self.end - t)))
            t += on + off
        return out


class Scenario:
    def __init__(self, raw, path):
        where = os.path.basename(path)
        self.path = path
        self.name = _need(raw, "name", str, where)
        self.description = raw.get("description", "")
        self.hosts = _need(raw, "hosts", list, where)
        if not self.hosts or len(self.hosts) > 9 or not all(isinstance(h, str) and h.isalnum() for h in self.hosts):
            raise ScenarioError("%s.hosts: expected 1-9 alphanumeric host names, got %r" % (where, self.hosts))
        topo = _need(raw, "topology", dict, where)
        self.link_mbps = _positive(_need(topo, "linkMbps", float, "topology"), "topology.linkMbps")
        self.link_buffer = int(_positive(topo.get("linkBufferPackets", 1000), "topology.linkBufferPackets"))
        self.bottlenecks = []
        for i, b in enumerate(_need(topo, "bottlenecks", list, "topology")):
            bw = "topology.bottlenecks[%d]" % i
            host = _need(b, "host", str, bw)
            if host not in self.hosts:
                raise ScenarioError("%s.host: unknown host %r" % (bw, host))
            self.bottlenecks.append({
                "set": _need(b, "set", str, bw),
                "host": host,
                "rateMbps": _positive(_need(b, "rateMbps", float, bw), bw + ".rateMbps"),
                "bufferPackets": int(_positive(b.get("bufferPackets", 100), bw + ".bufferPackets")),
            })
        if len({b["host"] for b in self.bottlenecks}) != len(self.bottlenecks):
            raise ScenarioError("topology.bottlenecks: two bottlenecks in front of the same host")
        self.switch = _switch(topo.get("switch"), len(self.hosts))
        self.flows = [Flow(f, i, self.hosts) for i, f in enumerate(_need(raw, "flows", list, where))]
        # Each swarm of several sources sends from addresses of its own: the last octets, from .100 up.
        # and source ports of its own, from SWARM_FIRST_PORT up (below the other flows' 40000 + id).
        nxt, port = SWARM_FIRST_ADDRESS, SWARM_FIRST_PORT
        for f in self.flows:
            if f.protocol == "udp-swarm":
                f.swarm_port = port
                port += -(-f.swarm_flows // f.swarm_sources)
                if port > SWARM_LAST_PORT:
                    raise ScenarioError("flows: the swarms need more than the %d source ports from %d"
                                        % (SWARM_LAST_PORT - SWARM_FIRST_PORT + 1, SWARM_FIRST_PORT))
            if f.protocol == "udp-swarm" and f.swarm_sources > 1:
                if nxt + f.swarm_sources - 1 > SWARM_LAST_ADDRESS:
                    raise ScenarioError("flows: the swarms' sources need more than the %d extra addresses of the "
                                        "hosts' /24" % (SWARM_LAST_ADDRESS - SWARM_FIRST_ADDRESS + 1))
                f.swarm_addresses = list(range(nxt, nxt + f.swarm_sources))
                nxt += f.swarm_sources
        if len({f.id for f in self.flows}) != len(self.flows):
            raise ScenarioError("flows: flow ids must be unique")
        by_host = {b["host"]: b["set"] for b in self.bottlenecks}
        for f in self.flows:
            f.set = by_host.get(f.dst)
        self.mechanisms = self.validate_mechanisms(_need(raw, "mechanisms", list, where), "mechanisms")
        wfq = raw.get("wfq", {})
        self.wfq_udp = _positive(float(wfq.get("udpWeight", 0.4)), "wfq.udpWeight")
        self.wfq_tcp = _positive(float(wfq.get("tcpWeight", 0.6)), "wfq.tcpWeight")
        fudp = raw.get("fudp", {})
        self.period = _positive(float(fudp.get("periodSeconds", 1.0)), "fudp.periodSeconds")
        self.alpha = float(fudp.get("alpha", 0.875))
        self.beta = float(fudp.get("beta", 0.25))
        for key, val in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < val < 1:
                raise ScenarioError("fudp.%s: must be in (0, 1) as in Eqs. (1)-(2), got %r" % (key, val))
        self.idle_timeout = int(_positive(fudp.get("idleTimeoutSeconds", 10), "fudp.idleTimeoutSeconds"))
        # How often the lab controller reads the switch's counters: 0.1 s (OVS's own refresh) by default; 1 s or
        # more is ONOS's cadence (its flowPollFrequency), where counters are read at the polls only.
        self.counter_poll = _positive(fudp.get("counterPollSeconds", 0.1), "fudp.counterPollSeconds")
        # The facility's budgets (docs/configuration.md, "Budgets"); absent: the product's defaults.
        self.rule_budget = fudp.get("ruleBudget")
        self.packet_in_budget = fudp.get("packetInBudget")
        for key, val in (("ruleBudget", self.rule_budget), ("packetInBudget", self.packet_in_budget)):
            if val is not None and (not isinstance(val, int) or isinstance(val, bool) or val < 1):
                raise ScenarioError("fudp.%s: must be a whole number >= 1, got %r" % (key, val))
        # Budgeted collection (docs/scale.md): aggregate rules, and sFlow at 1 in `rate` finds the flows of
        # at least heavyMbps, which alone get rules of their own. Absent: every flow from its packet-in.
        self.sampling = _sampling(fudp.get("sampling"), "fudp.sampling")
        # The responsiveness test of UDP flows (docs/algorithm.md, "Responsive UDP"); absent: the product's defaults.
        self.responsive = _responsive(fudp.get("responsive"), "fudp.responsive")
        self.classes = [_traffic_class(c, "fudp.classes[%d]" % i, self) for i, c in
                        enumerate(fudp.get("classes", []))]
        self.settling = fudp.get("settle", True)
        # Whom unresponsive UDP counts for and K of the TCP floor (docs/algorithm.md, "Principals"): the
        # controller checks the values (LabConfig, as the app's component properties), this their kinds.
        self.principal = fudp.get("principal", "host")
        if not isinstance(self.principal, str):
            raise ScenarioError("fudp.principal: must be flow, host, prefix/N, prefix/N/M or class, got %r"
                                % (self.principal,))
        self.tcp_floor_principals = fudp.get("tcpFloorPrincipals", 4)
        # What the controller runs with: the scenario's, unless tools/lab run --paper-rule says the paper's.
        if not isinstance(self.tcp_floor_principals, int) or isinstance(self.tcp_floor_principals, bool) \
                or self.tcp_floor_principals < 0:
            raise ScenarioError("fudp.tcpFloorPrincipals: must be a whole number >= 0 (0: no floor), got %r"
                                % (self.tcp_floor_principals,))
        self.controller_principal, self.controller_floor = self.principal, self.tcp_floor_principals
        self.closing_rules = fudp.get("closingRules", True)
        # false: the loop sees a meter's input counters only, as ONOS 2.7 gives them (fudp-meter).
        self.meter_drops_counted = fudp.get("meterDropsCounted", True)
        for key, val in (("settle", self.settling), ("closingRules", self.closing_rules),
                         ("meterDropsCounted", self.meter_drops_counted)):
            if not isinstance(val, bool):
                raise ScenarioError("fudp.%s: must be true or false, got %r" % (key, val))
        try:
            self.workload = workload_mod.parse(raw.get("workload"), self.hosts)
        except workload_mod.WorkloadError as exc:
            raise ScenarioError(str(exc))
        if self.workload:
            clash = sorted({traffic.BASE_PORT + f.id for f in self.flows} & self.workload.ports())
            if clash:
                raise ScenarioError("flows: a flow's iperf3 port %d is a workload server's port; pick another id"
                                    % clash[0])
        if not self.flows and not self.workload:
            raise ScenarioError("%s: no flows and no workload: nothing to run" % where)
        # Restarts of the lab controller under traffic (FUDP only): seconds into the run, and for how long it is down.
        self.controller_restarts = _restarts(fudp.get("controllerRestarts"), "fudp.controllerRestarts")
        self._check_restarts()
        self.quick = _quick(raw.get("quick", {}), self)
        self.settle = float(raw.get("steadySettleSeconds", 2.0))

    def validate_mechanisms(self, names, where):
        for n in names:
            if n not in MECHANISMS:
                raise ScenarioError("%s: unknown mechanism %r (known: %s)" % (where, n, ", ".join(MECHANISMS)))
        return list(names)

    def apply_quick(self):
        factor = float(self.quick.get("timeScale", 0.5))
        for f in self.flows:
            f.scaled(factor)
        if self.workload:
            self.workload.scaled(factor)
        self.settle *= factor
        # When a restart happens scales with the run; how long the controller is down does not (it is measured
        # against the agent's fail-safe and the control period, which --quick keeps).
        for r in self.controller_restarts:
            r["at"] *= factor
        self._check_restarts()
        if "mechanisms" in self.quick:
            self.mechanisms = self.validate_mechanisms(self.quick["mechanisms"], "quick.mechanisms")

    def _check_restarts(self):
        for i, r in enumerate(self.controller_restarts):
            if r["at"] + r["downSeconds"] >= self.length:
                raise ScenarioError("fudp.controllerRestarts[%d]: the new controller would start at %g s, not before "
                                    "the run ends at %g s" % (i, r["at"] + r["downSeconds"], self.length))

    @property
    def length(self):
        """Seconds of traffic: until the last flow or workload generator ends."""
        return max([f.end for f in self.flows] + ([self.workload.end] if self.workload else []))

    @property
    def scale(self):
        """Whether the run records the scale figures (switchmon.py, scale.py): a workload or a switch limit."""
        return bool(self.workload) or any(v is not None for v in self.switch.values())

    def sets(self):
        return sorted({f.set for f in self.flows if f.set})

    def policies(self):
        """{flow id: {"weight", "exempt"}} from the scenario's traffic classes."""
        return {fid: {"weight": c["weight"], "exempt": c["exempt"]} for c in self.classes for fid in c["flows"]}

    def capacity_mbps(self, set_name):
        """The set's bottleneck rate."""
        return next(b["rateMbps"] for b in self.bottlenecks if b["set"] == set_name)

    def steady_window(self, set_name):
        """All flows of the set active: from the last start (plus a settling time) to 1 s before the first
        end (the iperf3 clients stop a few ms apart, and TCP surges into what a stopped UDP flow leaves)."""
        fl = [f for f in self.flows if f.set == set_name]
        lo = max(f.start for f in fl) + self.settle
        hi = min(f.end for f in fl) - 1.0
        return (lo, hi) if hi > lo else (max(f.start for f in fl), hi)


def _quick(raw, sc):
    """The "quick" block: {"timeScale"?: factor > 0, "mechanisms"?: [...]}, checked when the scenario loads."""
    if not isinstance(raw, dict) or set(raw) - {"timeScale", "mechanisms"}:
        raise ScenarioError("quick: expected an object {timeScale, mechanisms}, got %r" % (raw,))
    scale = raw.get("timeScale", 0.5)
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0:
        raise ScenarioError("quick.timeScale: must be a number > 0, got %r" % (scale,))
    if "mechanisms" in raw:
        if not isinstance(raw["mechanisms"], list):
            raise ScenarioError("quick.mechanisms: expected a list, got %r" % (raw["mechanisms"],))
        sc.validate_mechanisms(raw["mechanisms"], "quick.mechanisms")
    return raw


RESTART_SIGNALS = ("kill", "term")


def _restarts(raw, where):
    """fudp.controllerRestarts: [{"at": s, "downSeconds": s, "signal"?: "kill" | "term"}], in time order, each new
    controller up before the next stop. "kill" (the default) stops the controller as an ONOS instance that leaves
    while the app stays active (LoopHost.stop(handOver) removes nothing); "term" lets it stop its loop (the agent
    drops its limits, its rules go), as an app deactivated. Absent: no restart."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ScenarioError("%s: expected a list of {at, downSeconds}, got %r" % (where, raw))
    out = []
    for i, r in enumerate(raw):
        w = "%s[%d]" % (where, i)
        if not isinstance(r, dict):
            raise ScenarioError("%s: expected an object {at, downSeconds, signal}, got %r" % (w, r))
        unknown = set(r) - {"at", "downSeconds", "signal"}
        if unknown:
            raise ScenarioError("%s.%s: unknown field (known: at, downSeconds, signal)" % (w, sorted(unknown)[0]))
        at = _positive(_need(r, "at", float, w), w + ".at")
        down = _positive(_need(r, "downSeconds", float, w), w + ".downSeconds")
        signal = r.get("signal", "kill")
        if signal not in RESTART_SIGNALS:
            raise ScenarioError("%s.signal: expected one of %s, got %r" % (w, RESTART_SIGNALS, signal))
        if out and at <= out[-1]["at"] + out[-1]["downSeconds"]:
            raise ScenarioError("%s.at: %g s is before the previous restart's new controller starts (%g s)"
                                % (w, at, out[-1]["at"] + out[-1]["downSeconds"]))
        out.append({"at": at, "downSeconds": down, "signal": signal})
    return out


def _sampling(raw, where):
    """{rate, heavyMbps} -> {"rate": 1 in N, "heavyBps": bit/s}, or None when absent."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"rate", "heavyMbps"}:
        raise ScenarioError("%s: expected an object {rate, heavyMbps}, got %r" % (where, raw))
    rate = raw.get("rate", 64)
    if not isinstance(rate, int) or isinstance(rate, bool) or not 1 <= rate <= 1_000_000:
        raise ScenarioError("%s.rate: must be a whole number 1..1000000 (1 in N packets), got %r" % (where, rate))
    heavy = raw.get("heavyMbps", 1)
    if isinstance(heavy, bool) or not isinstance(heavy, (int, float)) or not heavy > 0:
        raise ScenarioError("%s.heavyMbps: must be a number > 0, got %r" % (where, heavy))
    return {"rate": rate, "heavyBps": int(round(heavy * 1e6))}


RESPONSIVE_KEYS = {"candidates": "responsiveCandidates", "holdFraction": "responsiveHoldFraction",
                   "holdPeriods": "responsiveHoldPeriods", "releasePeriods": "responsiveReleasePeriods",
                   "recheckSeconds": "responsiveRecheckSeconds"}


def _responsive(raw, where):
    """{candidates, holdFraction, holdPeriods, releasePeriods, recheckSeconds} -> the controller's config keys and
    values; the controller checks the values' ranges (LabConfig), this their kinds."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or set(raw) - set(RESPONSIVE_KEYS):
        raise ScenarioError("%s: expected an object with %s, got %r" % (where, ", ".join(RESPONSIVE_KEYS), raw))
    out = {}
    for key, val in raw.items():
        if key == "candidates":
            if val not in ("none", "quic", "all"):
                raise ScenarioError("%s.candidates: one of none, quic, all, got %r" % (where, val))
        elif isinstance(val, bool) or not isinstance(val, (int, float)) or not val > 0:
            raise ScenarioError("%s.%s: must be a number > 0, got %r" % (where, key, val))
        out[RESPONSIVE_KEYS[key]] = val
    return out


SWITCH_FIELDS = ("flowLimit", "packetInRate", "packetInBurst")


def base_rule_count(hosts):
    """The rules the FUDP controller installs at start (BaseRules.java): table miss, the adjustor's drop and its
    control frames, and per host a route and an ICMP rule. A table limit must leave room above them."""
    return 3 + 2 * hosts


def _switch(raw, hosts):
    """The facility switch's hardware-like limits, `topology.switch` (all optional; absent: unlimited, as OVS is):
    flowLimit, the rules table 0 holds (OVS Flow_Table flow_limit, overflow_policy=refuse: a further add is
    answered OFPFMFC_TABLE_FULL); packetInRate and packetInBurst, packet-ins per second the switch sends its
    controllers and the burst above that (an OpenFlow controller meter, meter=controller: docs/lab.md)."""
    out = {"flowLimit": None, "packetInRate": None, "packetInBurst": None}
    if raw is None:
        return out
    where = "topology.switch"
    if not isinstance(raw, dict):
        raise ScenarioError("%s: expected an object {flowLimit, packetInRate, packetInBurst}, got %r" % (where, raw))
    unknown = set(raw) - set(SWITCH_FIELDS)
    if unknown:
        raise ScenarioError("%s.%s: unknown field (known: %s)" % (where, sorted(unknown)[0], ", ".join(SWITCH_FIELDS)))
    for key in SWITCH_FIELDS:
        if key in raw:
            v = raw[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v):
                raise ScenarioError("%s.%s: expected a whole number, got %r" % (where, key, v))
            out[key] = int(v)
    if out["flowLimit"] is not None:
        least = base_rule_count(hosts) + 1
        if not least <= out["flowLimit"] <= 10_000_000:
            raise ScenarioError("%s.flowLimit: must be %d..10000000 (the controller's %d base rules and one more), "
                                "got %d" % (where, least, least - 1, out["flowLimit"]))
    if out["packetInRate"] is not None and not 1 <= out["packetInRate"] <= 10_000_000:
        raise ScenarioError("%s.packetInRate: must be 1..10000000 packet-ins per second, got %d"
                            % (where, out["packetInRate"]))
    if out["packetInBurst"] is not None:
        if out["packetInRate"] is None:
            raise ScenarioError("%s.packetInBurst: needs packetInRate" % where)
        if not 0 <= out["packetInBurst"] <= 10_000_000:
            raise ScenarioError("%s.packetInBurst: must be 0..10000000 packets, got %d" % (where, out["packetInBurst"]))
    return out


def _traffic_class(raw, where, sc):
    """A traffic class for the lab controller (docs/algorithm.md, "Policies"), holding the flows it names:
    {"name", "flows": [ids], "dscp"?: [values], "weight"?, "minMbps"?, "capMbps"?, "exempt"?}. Returns its
    lines for the controller's `classes` property: with "dscp", one line matching UDP of those DSCP values
    (each named flow must send with one of them); else one per flow, matching the flow's iperf3 port."""
    if not isinstance(raw, dict):
        raise ScenarioError("%s: must be an object" % where)
    unknown = set(raw) - {"name", "flows", "dscp", "weight", "minMbps", "capMbps", "exempt"}
    if unknown:
        raise ScenarioError("%s.%s: unknown field" % (where, sorted(unknown)[0]))
    name = _need(raw, "name", str, where)
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ScenarioError("%s.name: letters, digits, '-' and '_' only, got %r" % (where, name))
    ids = {f.id: f for f in sc.flows}
    flows = _need(raw, "flows", list, where)
    for fid in flows:
        if fid not in ids or ids[fid].protocol != "udp":
            raise ScenarioError("%s.flows: %r is not a UDP flow of the scenario" % (where, fid))
    weight = float(raw.get("weight", 1))
    if not weight > 0:
        raise ScenarioError("%s.weight: must be > 0, got %r" % (where, weight))
    extra = " weight=%g" % weight
    if "minMbps" in raw:
        extra += " min=%g" % (_positive(float(raw["minMbps"]), where + ".minMbps") * 1e6)
    if "capMbps" in raw:
        extra += " cap=%g" % (_positive(float(raw["capMbps"]), where + ".capMbps") * 1e6)
    exempt = raw.get("exempt", False)
    if not isinstance(exempt, bool):
        raise ScenarioError("%s.exempt: must be true or false, got %r" % (where, exempt))
    extra += " exempt=%s" % ("true" if exempt else "false")
    lines = ["%s proto=udp dport=%d%s" % (name, traffic.BASE_PORT + fid, extra) for fid in flows]
    if "dscp" in raw:
        dscp = raw["dscp"]
        if not isinstance(dscp, list) or not dscp or not all(
                isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 63 for d in dscp):
            raise ScenarioError("%s.dscp: must be a non-empty list of integers 0..63, got %r" % (where, dscp))
        for fid in flows:
            if ids[fid].dscp not in dscp:
                raise ScenarioError("%s.flows: flow %r sends with DSCP %r, not one of %r" % (where, fid, ids[fid].dscp,
                                                                                         dscp))
        lines = ["%s proto=udp dscp=%s%s" % (name, ",".join(str(d) for d in dscp), extra)]
    return {"name": name, "flows": flows, "weight": weight, "exempt": exempt, "lines": lines}


def load(path):
    try:
        with open(path) as fh:
            raw = json.load(fh)
    except json.JSONDecodeError as exc:
        raise ScenarioError("%s: not valid JSON: %s" % (path, exc))
    if not isinstance(raw, dict):
        raise ScenarioError("%s: expected a JSON object at the top" % path)
    return Scenario(raw, path)
