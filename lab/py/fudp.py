# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The FUDP mechanism: the real adjustor agent in its namespace and the lab controller (Java, the product's
control loop org.fudp.loop hosted on the switch over ovs-ofctl). Nothing here tells either of them about
the scenario's flows: the controller gets the network (host ports, adjustor ports, bottleneck prefixes and
capacities) and learns flows from packet-ins. Its CSV names each set as the scenario does (the loop's
"bottleneck:set1" is "set1" there)."""
import csv
import os
import re
import secrets
import threading
import time

import topo as topo_mod
from topo import log

JVM = ["java", "-Xmx160m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k"]
AGENT_BRIDGE = topo_mod.PREFIX + "-adjbr"


def jars(repo):
    return (os.path.join(repo, "lab", "target", "fudp-lab.jar"),
            os.path.join(repo, "adjustor-agent", "target", "fudp-adjustor-agent.jar"))


class FudpLoop:
    def __init__(self, scenario, topo, rundir, repo, agent_settings=None, metered=False, controller_settings=None):
        self.sc = scenario
        # fudp-meter: the same loop, with OpenFlow meters in the bridge instead of the adjustor agent.
        self.metered = metered
        self.agent_settings = dict(agent_settings or {})
        # Keys of the controller's config beyond those from the scenario (e.g. dryRun, enabled: LabConfig).
        self.controller_settings = dict(controller_settings or {})
        self.topo = topo
        self.rundir = rundir
        self.controller_jar, self.agent_jar = jars(repo)
        for j in (self.controller_jar, self.agent_jar):
            if not os.path.isfile(j):
                raise RuntimeError("FUDP needs %s; build it with: mvn -pl lab,adjustor-agent -am package" % j)
        self.agent = None
        self.controller = None
        self.csv_path = os.path.join(rundir, "controller-periods.csv")
        self.stopped = False
        self.restarting = False  # the controller is down for a scheduled restart (Restarts): check() lets it be
        self.csv_parts = []  # earlier controllers' controller-periods.csv, set aside at their restarts

    def _write_files(self):
        os.makedirs(self.rundir, exist_ok=True)
        key_path = os.path.join(topo_mod.OVS_DIR, "fudp-keys")
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write("# generated per lab run\n1 = %s\n" % secrets.token_hex(32))
        self.key_path = key_path
        return self.write_agent_config(), self.write_controller_config()

    def write_controller_config(self, **overrides):
        """Writes the controller's config, with the settings given here and at construction; the controller reads
        it when it (re)starts. Returns its path."""
        self.controller_settings.update(overrides)
        hosts = ",".join("%s@%d" % (dst, h.ofport) for h in self.topo.hosts.values()
                         for dst in h.destinations())
        bns = []
        for b in self.sc.bottlenecks:
            h = self.topo.hosts[b["host"]]
            for dst in h.destinations():
                dst = dst if "/" in dst else dst + "/32"  # a bottleneck names a prefix
                bns.append("%s:%s:%d" % (b["set"], dst, int(b["rateMbps"] * 1e6)))
        bns = ",".join(bns)
        ctl_cfg = os.path.join(self.rundir, "controller.properties")
        with open(ctl_cfg, "w") as fh:
            fh.write("\n".join([
                "bridge = %s" % topo_mod.BRIDGE,
                "ovsRundir = %s" % topo_mod.OVS_DIR,
                "adjustorSwitchPort = %d" % topo_mod.ADJ_SWITCH_OFPORT,
                "adjustorOnwardPort = %d" % topo_mod.ADJ_ONWARD_OFPORT,
                "adjustorMac = %s" % topo_mod.ADJ_SWITCH_MAC,
                "hosts = %s" % hosts,
                "bottlenecks = %s" % bns,
                "periodSeconds = %g" % self.sc.period,
                "alpha = %g" % self.sc.alpha,
                "beta = %g" % self.sc.beta,
                "settle = %s" % ("true" if self.sc.settling else "false"),
                "udpPrincipal = %s" % self.sc.controller_principal,
                "tcpFloorPrincipals = %d" % self.sc.controller_floor,
                "closingRules = %s" % ("true" if self.sc.closing_rules else "false"),
                "enforcement = %s" % ("meter" if self.metered else "adjustor"),
                "meterDropsCounted = %s" % ("true" if self.sc.meter_drops_counted else "false"),
                "classes = %s" % "; ".join(line for c in self.sc.classes for line in c["lines"]),
                "idleTimeoutSeconds = %d" % self.sc.idle_timeout,
                "counterPollSeconds = %g" % self.sc.counter_poll,
            ] + ["%s = %s" % kv for kv in sorted(self.sc.responsive.items())]
              + (["ruleBudget = %d" % self.sc.rule_budget] if self.sc.rule_budget else [])
              + (["packetInBudget = %d" % self.sc.packet_in_budget] if self.sc.packet_in_budget else [])
              + (["heavyBps = %d" % self.sc.sampling["heavyBps"], "sflowPort = %d" % topo_mod.SFLOW_PORT]
                 if self.sc.sampling else []) + [
                "keyFile = %s" % self.key_path,
                "log = %s" % self.csv_path,
            ] + ["%s = %s" % kv for kv in self.controller_settings.items()]) + "\n")
        return ctl_cfg

    def write_agent_config(self, **overrides):
        """Writes the agent's config, with the settings given here and at construction; the agent reads it
        when it (re)starts. Returns its path."""
        self.agent_settings.update(overrides)
        agent_cfg = os.path.join(self.rundir, "agent.properties")
        settings = {
            "control.interface": topo_mod.ADJ_SWITCH_PORT,
            "shape.interface": topo_mod.ADJ_ONWARD_PORT,
            "shape.startup": "clear",
            "bridge.name": AGENT_BRIDGE,
            "keys.file": self.key_path,
            "metrics.port": "0",
            "failsafe.action": "keep",
        }
        settings.update(self.agent_settings)
        with open(agent_cfg, "w") as fh:
            fh.write("".join("%s = %s\n" % kv for kv in settings.items()))
        return agent_cfg

    def start(self):
        self.agent_cfg, self.ctl_cfg = self._write_files()
        self.agent_log = open(os.path.join(self.rundir, "agent.log"), "a")
        self.ctl_log_path = os.path.join(self.rundir, "controller.log")
        self.ctl_log = open(self.ctl_log_path, "a")
        if not self.metered:
            self.start_agent()
        self.start_controller()

    def start_agent(self):
        """Starts (or, after kill, restarts) the agent; its log goes on in agent.log."""
        log("fudp: starting the adjustor agent in %s (%s <-> %s)" % (
            topo_mod.ADJ_NS, topo_mod.ADJ_SWITCH_PORT, topo_mod.ADJ_ONWARD_PORT))
        self.agent = self.topo.spawn(JVM + ["-jar", self.agent_jar, "run", "--config", self.agent_cfg],
                                     ns=topo_mod.ADJ_NS, stdout=self.agent_log, stderr=self.agent_log)
        self._wait(lambda: self._agent_ready(), self.agent, "agent", 30)

    def start_controller(self):
        """Starts (or, after kill, restarts) the controller; a restart gets a new epoch from the clock."""
        log("fudp: starting the controller (period %.1f s, alpha %g, beta %g)" % (
            self.sc.period, self.sc.alpha, self.sc.beta))
        ups = open(self.ctl_log_path).read().count("controller up")
        # A sampled facility's controller collects sFlow on the switch namespace's loopback.
        self.controller = self.topo.spawn(JVM + ["-jar", self.controller_jar, self.ctl_cfg], stdout=self.ctl_log,
                                          stderr=self.ctl_log, env=topo_mod.ovs_env(),
                                          ns=topo_mod.OVS_NS if self.sc.sampling else None)
        self._wait(lambda: open(self.ctl_log_path).read().count("controller up") > ups, self.controller,
                   "controller", 30)

    def stop_controller(self, how):
        """Stops the controller for a restart: "kill" (SIGKILL, nothing of its cleaned up: the switch keeps the
        loop's rules, the agent its limits, as when an ONOS instance leaves while the app stays active, whose
        LoopHost.stop(handOver) removes nothing) or "term" (SIGTERM: the loop stops, the agent is told to drop its
        limits and the loop's rules go, as when the app is deactivated)."""
        self.restarting = True
        if how == "kill":
            self.kill("controller")
        else:
            self.controller.terminate()
            try:
                self.controller.wait(timeout=10)
            except Exception:  # noqa: BLE001 - then as a crash
                self.kill("controller")
        self.note("controller stopped (%s) for a restart" % ("SIGKILL" if how == "kill" else "SIGTERM"))

    def set_csv_aside(self):
        """Moves the stopped controller's controller-periods.csv to controller-periods.part<N>.csv, N from 1."""
        if os.path.exists(self.csv_path):
            self.csv_parts.append(self.csv_path.replace(".csv", ".part%d.csv" % (len(self.csv_parts) + 1)))
            os.rename(self.csv_path, self.csv_parts[-1])

    def _join_csv(self):
        """controller-periods.csv again as one file over the run: the parts set aside at restarts, in order, then
        the last controller's rows (one header)."""
        if not self.csv_parts:
            return
        rows, header = [], None
        for path in self.csv_parts + [self.csv_path]:
            try:
                with open(path) as fh:
                    lines = fh.read().splitlines()
            except OSError:
                continue
            if lines:
                header = header or lines[0]
                rows += [ln for ln in lines[1:] if ln]
        with open(self.csv_path, "w") as fh:
            fh.write("\n".join([header] + rows) + "\n")
        for path in self.csv_parts:
            os.unlink(path)
        self.csv_parts = []

    def note(self, text):
        """A line of the lab's own in controller.log (the controller is not running when it is written)."""
        self.ctl_log.write("[lab %s] %s\n" % (time.strftime("%H:%M:%S"), text))
        self.ctl_log.flush()

    def kill(self, which):
        """SIGKILLs the agent or the controller, as a crash would: nothing of theirs is cleaned up."""
        proc = self.agent if which == "agent" else self.controller
        proc.kill()
        proc.wait(timeout=10)

    def _agent_ready(self):
        # The agent has bridged its two ports once the bridge exists in its namespace.
        out = topo_mod.ns_exec(topo_mod.ADJ_NS, ["ip", "-o", "link", "show", "type", "bridge"], check=False,
                               quiet=True)
        return AGENT_BRIDGE in out

    def _wait(self, ready, proc, what, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if proc.poll() is not None:
                raise RuntimeError("the %s exited during startup (code %s); see %s" % (what, proc.returncode,
                                                                                        self.rundir))
            if ready():
                return
            time.sleep(0.2)
        raise RuntimeError("the %s did not come up within %d s; see %s" % (what, timeout, self.rundir))

    def check(self, _now):
        for proc, what in ((self.agent, "agent"), (self.controller, "controller")):
            if what == "controller" and self.restarting:
                continue
            if proc is not None and proc.poll() is not None:
                raise RuntimeError("the %s died mid-run (code %s); see %s" % (what, proc.returncode, self.rundir))

    def stop(self):
        """Stops both processes; teardown would too, but this lets the controller flush its log first."""
        if not self.stopped:
            self.stopped = True
            for proc in (self.controller, self.agent):
                if proc is not None and proc.poll() is None:
                    proc.terminate()
                    try:
                        proc.wait(timeout=5)
                    except Exception:  # noqa: BLE001 - teardown kills it for good
                        pass
            for fh in (getattr(self, "agent_log", None), getattr(self, "ctl_log", None)):
                if fh:
                    fh.close()
            self._join_csv()


class Restarts(threading.Thread):
    """Restarts the lab controller under traffic, as the scenario's fudp.controllerRestarts say: at `at` s after
    t0 it is stopped (FudpLoop.stop_controller), and `downSeconds` later a new one is started with the same config.
    The new controller knows nothing of the old one's flows: at its start it deletes every rule of the loop's it
    finds (LabHost.start, as ONOS removes the rules its store does not hold) and learns the flows again from
    packet-ins; the agent, with failsafe.action keep, holds its limits until the new controller's first snapshot.
    `records` holds, per restart, the plan and when (s from t0) the old one was stopped, the new one started and up
    (its "controller up" line); run.json keeps them for the analysis (timing.py)."""

    def __init__(self, loop, plan, t0, on_up=None):
        super().__init__(daemon=True, name="controller-restarts")
        self.loop, self.plan, self.t0, self.on_up = loop, plan, t0, on_up
        self.records = []
        self.cancelled = threading.Event()

    def _at(self, t):
        return self.t0 + t - time.time()

    def run(self):
        for r in self.plan:
            if self.cancelled.wait(max(0.0, self._at(r["at"]))):
                return
            rec = dict(r)
            self.records.append(rec)
            self.loop.stop_controller(r["signal"])
            rec["stoppedAt"] = round(time.time() - self.t0, 2)
            log("fudp: controller stopped (%s) at t=%.1f s for a restart in %g s" % (
                r["signal"], rec["stoppedAt"], r["downSeconds"]))
            if self.cancelled.wait(max(0.0, self._at(r["at"] + r["downSeconds"]))):
                return
            rec["startedAt"] = round(time.time() - self.t0, 2)
            # The lab host truncates its CSV when it starts: the old controller's rows go aside, stop() joins them.
            self.loop.set_csv_aside()
            try:
                self.loop.start_controller()
            except RuntimeError as exc:
                rec["error"] = str(exc)
                log("fudp: the restarted controller did not come up: %s" % exc)
                self.loop.restarting = False  # check() now stops the run: its controller is dead
                return
            rec["upAt"] = round(time.time() - self.t0, 2)
            self.loop.restarting = False
            log("fudp: new controller up at t=%.1f s" % rec["upAt"])
            if self.on_up:
                self.on_up(self.loop.controller.pid)

    def finish(self):
        """Cancels what has not happened yet and waits for a start under way; returns the records."""
        self.cancelled.set()
        self.join(timeout=40)
        return self.records


def parse_allocations(text):
    """The CSV's allocations, "flow=Mbit/s;flow=Mbit/s", as {flow: Mbit/s}."""
    out = {}
    for part in (text or "").split(";"):
        if "=" in part:
            flow, mbps = part.rsplit("=", 1)
            out[flow] = float(mbps)
    return out


STOP_RE = re.compile(r"traffic stopped: tcp-\S+-(\d+), counter last moved at (\d+) ms")


def read_traffic_stops(path, t0, base_port):
    """When each TCP flow's traffic stopped, from the lab controller's log: scenario flow id (its server port
    less base_port) -> seconds from t0."""
    out = {}
    try:
        with open(path) as fh:
            for line in fh:
                m = STOP_RE.search(line)
                if m:
                    out.setdefault(int(m.group(1)) - base_port, []).append(int(m.group(2)) / 1000.0 - t0)
    except OSError:
        pass
    return out


def read_controller_csv(path, t0):
    rows = []
    try:
        with open(path) as fh:
            for r in csv.DictReader(fh):
                def num(k):
                    try:
                        return float(r[k])
                    except (ValueError, TypeError):
                        return float("nan")
                rows.append({
                    "t": int(r["epoch_ms"]) / 1000.0 - t0, "set": r["set"], "reason": r["reason"],
                    "fair": r["fair"] == "true", "inBand": r["in_band"] == "true",
                    "tcpFlows": int(r["tcp_flows"]), "udpFlows": int(r["udp_flows"]),
                    "tcpAvg": num("tcp_pred_mbps") / max(1, int(r["tcp_flows"])),
                    "bandLow": num("band_low_mbps"), "bandHigh": num("band_high_mbps"),
                    "udpAvg": num("udp_avg_mbps"), "allocations": parse_allocations(r["allocations"]),
                    "packetOuts": int(r["packet_outs"]) if r.get("packet_outs") else None,
                })
    except OSError:
        pass
    return rows
