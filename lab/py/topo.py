# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The lab's data plane: host namespaces on one userspace Open vSwitch, plus the adjustor's namespace.

Layout (Fig. 3 of the paper, folded onto one switch):

    h1 --+                         +-- h3  (bottleneck shaper on an ifb at h3's ingress)
    h2 --+-- flabbr (OVS, netdev) -+-- h4  (bottleneck shaper on an ifb at h4's ingress)
              |        |
           adja      adjb   (the adjustor's two ports, in namespace flab-adj)

Every host port is an OVS *internal* port moved into the host's namespace. Veth ports would go
through OVS's one shared AF_PACKET socket, whose send buffer fills as soon as any downstream qdisc
holds ~90 frames, and then OVS stops sending on every port (docs/lab.md, The testbed). For the same reason the
bottlenecks shape at the receivers' ingress (ifb), never on a port OVS writes to through a socket.

Everything created here carries the prefix "flab", is recorded, and is removed by teardown(),
which is safe to call twice and after a half-built topology.

ovs-vswitchd runs in a namespace of its own (OVS_NS): a userspace datapath creates a tap device named
"ovs-netdev" in its daemon's namespace, so a second userspace OVS in the same namespace (another lab, a
user's own) fails with "creating tap device failed: Device or resource busy", and would make that one fail
in turn. The internal ports are created there and moved into the hosts' namespaces as before.
"""
import os
import signal
import subprocess
import time

PREFIX = "flab"
BRIDGE = PREFIX + "br"
OVS_DIR = "/tmp/%s-ovs" % PREFIX
OVS_NS = PREFIX + "-sw"  # ovs-vswitchd's namespace (module docstring)
SFLOW_PORT = 6343  # the controller's sFlow collector, on OVS_NS's loopback
ADJ_NS = PREFIX + "-adj"
ADJ_SWITCH_PORT = PREFIX + "-adja"  # the agent's switch-facing interface: control frames, UDP in
ADJ_ONWARD_PORT = PREFIX + "-adjb"  # shaped UDP goes back to the switch from here
ADJ_SWITCH_OFPORT = 11
ADJ_ONWARD_OFPORT = 12
ADJ_SWITCH_MAC = "02:fa:00:00:00:a1"
ADJ_ONWARD_MAC = "02:fa:00:00:00:a2"
# Fault runs only (control_wire): the agent's switch-facing port is a veth whose switch end sits in the
# switch's namespace (OVS_NS), where tc can drop and duplicate frames before the agent's capture sees them.
WIRE_PORT = PREFIX + "-adjw"
DUP_PORT = PREFIX + "-dupw"      # duplicates leave here ...
DUP_PEER = PREFIX + "-dupa"      # ... and are redirected from here into the agent's port
BLACKHOLE = PREFIX + "-blk"      # a device kept down (one in OVS_NS, one in ADJ_NS): what goes to it is dropped
LINK_IFB = PREFIX + "-lnk"       # the adjustor link's capacity (shape_adjustor_link), switch to adjustor
CONTROL_ETHERTYPE = 0x88b5
SCHEMA = "/usr/share/openvswitch/vswitch.ovsschema"


def log(msg):
    print("[lab %s] %s" % (time.strftime("%H:%M:%S"), msg), flush=True)


def sh(cmd, check=True, quiet=False, env=None, timeout=60):
    """Runs a command given as a list; raises with the command's stderr on failure."""
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=timeout)
    if check and res.returncode != 0:
        raise RuntimeError("command failed (%d): %s\n%s" % (res.returncode, " ".join(cmd), res.stderr.strip()))
    if not quiet and res.returncode != 0:
        log("warning: %s: %s" % (" ".join(cmd), res.stderr.strip()))
    return res.stdout


def ns_exec(ns, cmd, **kw):
    return sh(["ip", "netns", "exec", ns] + cmd, **kw)


def tc_batch(ns, lines):
    """Applies tc commands in one process (one `tc -batch`), which is much faster than one run each."""
    path = os.path.join(OVS_DIR, "tc-%s.batch" % ns)
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    ns_exec(ns, ["tc", "-batch", path])


def ovs_env():
    env = dict(os.environ)
    env["OVS_RUNDIR"] = OVS_DIR
    env["OVS_LOGDIR"] = OVS_DIR
    env["OVS_DBDIR"] = OVS_DIR
    return env


def vsctl(*args):
    return sh(["ovs-vsctl", "--db=unix:%s/db.sock" % OVS_DIR, "--timeout=20"] + list(args), env=ovs_env())


def ofctl(*args, check=True):
    return sh(["ovs-ofctl", "-O", "OpenFlow13"] + list(args), env=ovs_env(), check=check)


PREFIX_ADDRESSES = 65534  # a host's own /16 of destinations (workload udpMice dstAddresses)


class Host:
    def __init__(self, name, index):
        self.name = name
        self.index = index
        self.ns = "%s-%s" % (PREFIX, name)
        self.port = self.ns
        self.ofport = index
        self.ip = "10.77.0.%d" % index
        self.mac = "02:fa:00:00:00:%02x" % index
        self.ifb = "%s-ifb-%s" % (PREFIX, name)
        # Destinations behind the host, a whole /16 it answers for (the kernel's local route, "AnyIP"): a
        # subnet behind an access link, for flows to thousands of addresses. Used when the workload asks.
        self.prefix = "10.%d.0.0/16" % (80 + index)
        self.has_prefix = False

    def destinations(self):
        """The host's address, and its prefix when it has one: what the switch forwards to its port."""
        return [self.ip] + ([self.prefix] if self.has_prefix else [])

    def prefix_address(self, k):
        """The k-th address of the host's prefix, k < PREFIX_ADDRESSES."""
        k += 1
        return "10.%d.%d.%d" % (80 + self.index, k // 256, k % 256)


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def _stop_pidfile(path):
    """Stops a daemon we started, by the pid it wrote, and only if it still is an OVS daemon of ours."""
    try:
        pid = int(open(path).read().strip())
    except (OSError, ValueError):
        return
    try:
        cmdline = open("/proc/%d/cmdline" % pid, "rb").read().decode(errors="replace")
    except OSError:
        return
    if "ovs" not in cmdline or OVS_DIR not in cmdline:
        return
    os.kill(pid, signal.SIGTERM)
    for _ in range(50):
        if not _pid_alive(pid):
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)


class Topology:
    def __init__(self, scenario, control_wire=False):
        self.scenario = scenario
        self.control_wire = control_wire
        self.hosts = {h: Host(h, i + 1) for i, h in enumerate(scenario.hosts)}
        wl = getattr(scenario, "workload", None)
        for name in (wl.prefix_hosts() if wl else ()):
            self.hosts[name].has_prefix = True
        self.processes = []

    # ---- lifecycle -------------------------------------------------------------------------

    def build(self, mechanism):
        self.teardown(quiet=True)  # leftovers of a run that was killed hard
        os.makedirs(OVS_DIR, exist_ok=True)
        self._new_ns(OVS_NS)
        self._start_ovs()
        for h in self.hosts.values():
            self._add_host(h)
        self._add_adjustor()
        self._static_neighbours()
        self._host_prefixes()
        for b in self.scenario.bottlenecks:
            self._bottleneck(self.hosts[b["host"]], b, mechanism)
        if not mechanism.startswith("fudp"):
            # The baselines replace the OpenFlow switch by a plain forwarder (paper, 5.1.3).
            for h in self.hosts.values():
                for dst in h.destinations():
                    ofctl("add-flow", BRIDGE, "priority=10,ip,nw_dst=%s,actions=output:%d" % (dst, h.ofport))
        log("topology up: %d hosts, bridge %s (userspace datapath), mechanism %s"
            % (len(self.hosts), BRIDGE, mechanism))

    def spawn(self, cmd, ns=None, stdout=None, stderr=None, env=None):
        """Starts a long-running process that teardown() will stop."""
        full = (["ip", "netns", "exec", ns] if ns else []) + cmd
        proc = subprocess.Popen(full, stdout=stdout or subprocess.DEVNULL, stderr=stderr or subprocess.DEVNULL,
                                env=env, start_new_session=True)
        self.processes.append(proc)
        return proc

    def teardown(self, quiet=False):
        for proc in self.processes:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except OSError:
                    pass
        deadline = time.time() + 5
        for proc in self.processes:
            try:
                proc.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
                proc.wait()
        self.processes = []
        if os.path.exists(os.path.join(OVS_DIR, "db.sock")) and os.path.exists(os.path.join(OVS_DIR, "ovs-vswitchd.pid")):
            sh(["ovs-vsctl", "--db=unix:%s/db.sock" % OVS_DIR, "--timeout=5", "--if-exists", "del-br", BRIDGE],
               env=ovs_env(), check=False, quiet=True)
        _stop_pidfile(os.path.join(OVS_DIR, "ovs-vswitchd.pid"))
        _stop_pidfile(os.path.join(OVS_DIR, "ovsdb-server.pid"))
        # The control wire's devices live in OVS_NS and go with it; these are a run's from before OVS_NS.
        for dev in (WIRE_PORT, DUP_PORT, BLACKHOLE):
            if subprocess.run(["ip", "link", "show", dev], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0:
                sh(["ip", "link", "del", dev], check=False, quiet=quiet)
        existing = set(sh(["ip", "netns", "list"], check=False, quiet=True).split())
        for ns in [h.ns for h in self.hosts.values()] + [ADJ_NS, OVS_NS]:
            if ns in existing:
                sh(["ip", "netns", "del", ns], check=False, quiet=quiet)
        if os.path.isdir(OVS_DIR):
            for f in os.listdir(OVS_DIR):
                try:
                    os.unlink(os.path.join(OVS_DIR, f))
                except OSError:
                    pass

    # ---- pieces ------------------------------------------------------------------------------

    def _start_ovs(self):
        env = ovs_env()
        sh(["ovsdb-tool", "create", os.path.join(OVS_DIR, "conf.db"), SCHEMA])
        sh(["ovsdb-server", os.path.join(OVS_DIR, "conf.db"), "--remote=punix:%s/db.sock" % OVS_DIR,
            "--pidfile=%s/ovsdb-server.pid" % OVS_DIR, "--detach", "--log-file=%s/ovsdb-server.log" % OVS_DIR],
           env=env)
        vsctl("--no-wait", "init")
        # OVS refreshes OpenFlow rule counters from its datapath every max-revalidator ms (default 500);
        # the FUDP controller reads rates from those counters once a second, so keep them fresh.
        vsctl("--no-wait", "set", "Open_vSwitch", ".", "other_config:max-revalidator=100")
        sh(["ip", "netns", "exec", OVS_NS, "ovs-vswitchd", "unix:%s/db.sock" % OVS_DIR,
            "--pidfile=%s/ovs-vswitchd.pid" % OVS_DIR, "--detach", "--log-file=%s/ovs-vswitchd.log" % OVS_DIR], env=env)
        vsctl("add-br", BRIDGE, "--", "set", "bridge", BRIDGE, "datapath_type=netdev",
              "protocols=OpenFlow10,OpenFlow13", "fail-mode=secure")
        ofctl("del-flows", BRIDGE)
        self._switch_limits()

    def _switch_limits(self):
        """A hardware switch's limits on the bridge, when the scenario sets them (topology.switch); set before any
        rule and any traffic. flowLimit: table 0 holds that many rules and refuses more (OFPFMFC_TABLE_FULL, as a
        full TCAM answers; every rule counts: table miss, base rules, the controller's). packetInRate: an
        OpenFlow controller meter (meter=controller) drops the packet-ins above that rate, on every connection,
        the management socket the lab's controller listens on included (controller_rate_limit would only limit
        a Controller record's connection, and the lab has none; docs/lab.md). Created here, before traffic: a
        controller meter added later misses the datapath flows already cached until they are revalidated."""
        limits = self.scenario.switch
        if limits["flowLimit"] is not None:
            vsctl("--", "--id=@ft", "create", "Flow_Table", "flow_limit=%d" % limits["flowLimit"],
                  "overflow_policy=refuse", "--", "set", "Bridge", BRIDGE, "flow_tables:0=@ft")
        if limits["packetInRate"] is not None:
            rate = limits["packetInRate"]
            burst = limits["packetInBurst"] if limits["packetInBurst"] is not None else max(1, rate // 4)
            ofctl("add-meter", BRIDGE, "meter=controller,pktps,burst,bands=type=drop,rate=%d,burst_size=%d"
                  % (rate, burst))
        if limits["flowLimit"] is not None or limits["packetInRate"] is not None:
            log("switch limits: %s" % ", ".join("%s %s" % (k, v) for k, v in limits.items() if v is not None))
        sampling = getattr(self.scenario, "sampling", None)
        if sampling:
            # Every port samples 1 in N packets it receives, headers of 128 bytes, to the controller's collector in
            # this namespace (the controller runs here when sampling); no counter samples.
            vsctl("--", "--id=@s", "create", "sFlow", "agent=127.0.0.1", 'targets="127.0.0.1:%d"' % SFLOW_PORT,
                  "header=128", "sampling=%d" % sampling["rate"], "polling=0", "--", "set", "bridge", BRIDGE,
                  "sflow=@s")
            log("switch samples 1 in %d packets (sFlow to 127.0.0.1:%d)" % (sampling["rate"], SFLOW_PORT))

    def _internal_port(self, name, ofport, ns, mac):
        vsctl("add-port", BRIDGE, name, "--", "set", "interface", name, "type=internal",
              "ofport_request=%d" % ofport)
        for _ in range(50):  # the tap device appears asynchronously, in the switch's namespace
            if subprocess.run(["ip", "-n", OVS_NS, "link", "show", name], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0:
                break
            time.sleep(0.1)
        sh(["ip", "-n", OVS_NS, "link", "set", name, "netns", ns])
        ns_exec(ns, ["ip", "link", "set", name, "address", mac])
        ns_exec(ns, ["ip", "link", "set", name, "up"])
        # Offloads would hand the shapers 64 KiB super-packets and falsify every queue.
        ns_exec(ns, ["ethtool", "-K", name, "tx", "off", "tso", "off", "gso", "off", "gro", "off"],
                check=False, quiet=True)

    def _new_ns(self, ns):
        sh(["ip", "netns", "add", ns])
        ns_exec(ns, ["ip", "link", "set", "lo", "up"])
        # No IPv6: its neighbour discovery would only add packet-ins and noise.
        ns_exec(ns, ["sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1"])

    def _add_host(self, h):
        self._new_ns(h.ns)
        self._internal_port(h.port, h.ofport, h.ns, h.mac)
        ns_exec(h.ns, ["ip", "addr", "add", h.ip + "/24", "dev", h.port])
        # The host's access link: HTB at the link rate with a drop-tail FIFO.
        rate = "%dkbit" % int(self.scenario.link_mbps * 1000)
        tc_batch(h.ns, [
            "qdisc add dev %s root handle 1: htb default 1" % h.port,
            "class add dev %s parent 1: classid 1:1 htb rate %s ceil %s" % (h.port, rate, rate),
            "qdisc add dev %s parent 1:1 handle 10: pfifo limit %d" % (h.port, self.scenario.link_buffer),
        ])

    def _add_adjustor(self):
        self._new_ns(ADJ_NS)
        if self.control_wire:
            self._control_wire()
        else:
            self._internal_port(ADJ_SWITCH_PORT, ADJ_SWITCH_OFPORT, ADJ_NS, ADJ_SWITCH_MAC)
        self.add_onward_port()

    def add_onward_port(self):
        """The agent's shaping port; fault runs delete it and call this again."""
        self._internal_port(ADJ_ONWARD_PORT, ADJ_ONWARD_OFPORT, ADJ_NS, ADJ_ONWARD_MAC)
        # The agent's per-flow HTB classes get the default leaf queue, txqueuelen packets long. At 1000
        # packets a flow limited to 3 Mbit/s would queue ~4 s of UDP; a router-sized buffer is the fair model.
        buf = min(b["bufferPackets"] for b in self.scenario.bottlenecks) if self.scenario.bottlenecks else 100
        ns_exec(ADJ_NS, ["ip", "link", "set", ADJ_ONWARD_PORT, "txqueuelen", str(buf)])

    def delete_onward_port(self):
        vsctl("del-port", BRIDGE, ADJ_ONWARD_PORT)

    def _control_wire(self):
        """The agent's switch-facing port as a veth pair, plus what faults.Wire needs: a second pair that
        carries duplicates into the agent's port, and a black hole. Only control frames and the few UDP
        flows of a fault run cross it, so OVS's shared-socket pitfall (module docstring) does not bite."""
        sw = ["ip", "-n", OVS_NS]
        sh(sw + ["link", "add", WIRE_PORT, "type", "veth", "peer", "name", ADJ_SWITCH_PORT])
        sh(sw + ["link", "set", ADJ_SWITCH_PORT, "netns", ADJ_NS])
        sh(sw + ["link", "add", DUP_PORT, "type", "veth", "peer", "name", DUP_PEER])
        sh(sw + ["link", "set", DUP_PEER, "netns", ADJ_NS])
        sh(sw + ["link", "add", BLACKHOLE, "type", "ifb"])
        ns_exec(ADJ_NS, ["ip", "link", "add", BLACKHOLE, "type", "ifb"])
        for dev in (WIRE_PORT, DUP_PORT):
            sh(sw + ["link", "set", dev, "up"])
            ns_exec(OVS_NS, ["ethtool", "-K", dev, "tx", "off", "tso", "off", "gso", "off", "gro", "off"],
                    check=False, quiet=True)
        ns_exec(ADJ_NS, ["ip", "link", "set", ADJ_SWITCH_PORT, "address", ADJ_SWITCH_MAC])
        for dev in (ADJ_SWITCH_PORT, DUP_PEER):
            ns_exec(ADJ_NS, ["ip", "link", "set", dev, "up"])
            ns_exec(ADJ_NS, ["ethtool", "-K", dev, "tx", "off", "tso", "off", "gso", "off", "gro", "off"],
                    check=False, quiet=True)
        tc_batch(ADJ_NS, [
            "qdisc add dev %s clsact" % DUP_PEER,
            "filter add dev %s ingress protocol all prio 1 u32 match u32 0 0 action mirred ingress redirect dev %s"
            % (DUP_PEER, ADJ_SWITCH_PORT),
        ])
        ns_exec(OVS_NS, ["tc", "qdisc", "add", "dev", WIRE_PORT, "clsact"])
        vsctl("add-port", BRIDGE, WIRE_PORT, "--", "set", "interface", WIRE_PORT,
              "ofport_request=%d" % ADJ_SWITCH_OFPORT)

    def shape_adjustor_link(self, mbps, control_first, buffer_packets=100):
        """Gives the wire from the switch to the agent (control_wire topologies) a capacity: what the switch sends
        out of the adjustor port is redirected, at the port's egress in OVS_NS, to an ifb that shapes it to `mbps`
        with a drop-tail FIFO of `buffer_packets`; with `control_first`, frames of the control EtherType have a
        FIFO of their own served first, as an operator's queue for them on the port would. The redirect steals
        the frame from the port, so OVS's write to the port never waits on the shaper (the module docstring's
        pitfall); the ifb sends it on out of the port once shaped."""
        assert self.control_wire, "the adjustor link is shaped on the control wire's switch end"
        ns_exec(OVS_NS, ["ip", "link", "add", LINK_IFB, "type", "ifb"])
        ns_exec(OVS_NS, ["ip", "link", "set", LINK_IFB, "up"])
        kbit = int(mbps * 1000)
        # This kernel has no prio qdisc: HTB gives the control class the whole link as its rate, the rest a token
        # rate and the link as its ceiling, so a control frame waits for the frame on the wire only.
        lines = ["qdisc add dev %s root handle 1: htb default 20" % LINK_IFB,
                 "class add dev %s parent 1: classid 1:1 htb rate %dkbit ceil %dkbit" % (LINK_IFB, kbit, kbit)]
        if control_first:
            lines += ["class add dev %s parent 1:1 classid 1:10 htb rate %dkbit ceil %dkbit prio 0"
                      % (LINK_IFB, kbit, kbit),
                      "class add dev %s parent 1:1 classid 1:20 htb rate 8kbit ceil %dkbit prio 1" % (LINK_IFB, kbit),
                      "qdisc add dev %s parent 1:10 handle 10: pfifo limit %d" % (LINK_IFB, buffer_packets),
                      "filter add dev %s parent 1: protocol 0x%04x prio 1 u32 match u32 0 0 flowid 1:10"
                      % (LINK_IFB, CONTROL_ETHERTYPE)]
        else:
            lines += ["class add dev %s parent 1:1 classid 1:20 htb rate %dkbit ceil %dkbit" % (LINK_IFB, kbit, kbit)]
        lines += ["qdisc add dev %s parent 1:20 handle 20: pfifo limit %d" % (LINK_IFB, buffer_packets)]
        tc_batch(OVS_NS, lines)
        tc_batch(OVS_NS, ["filter add dev %s egress protocol all prio 9 u32 match u32 0 0 action mirred egress "
                          "redirect dev %s" % (WIRE_PORT, LINK_IFB)])

    def _static_neighbours(self):
        # No ARP: the switch floods nothing, so the adjustor's bridge can never close a loop.
        for h in self.hosts.values():
            for o in self.hosts.values():
                if o is not h:
                    ns_exec(h.ns, ["ip", "neigh", "replace", o.ip, "lladdr", o.mac, "dev", h.port, "nud", "permanent"])

    def _host_prefixes(self):
        for h in self.hosts.values():
            if not h.has_prefix:
                continue
            ns_exec(h.ns, ["ip", "route", "add", "local", h.prefix, "dev", "lo"])
            for o in self.hosts.values():
                if o is not h:
                    ns_exec(o.ns, ["ip", "route", "add", h.prefix, "via", h.ip, "dev", o.port])

    def _bottleneck(self, h, b, mechanism):
        """The bottleneck link into host h, as a shaper on an ifb fed from h's ingress."""
        cap = int(b["rateMbps"] * 1000)
        buf = b["bufferPackets"]
        ns_exec(h.ns, ["ip", "link", "add", h.ifb, "type", "ifb"])
        ns_exec(h.ns, ["ip", "link", "set", h.ifb, "up"])
        dev = h.ifb
        lines = [
            "qdisc add dev %s handle ffff: ingress" % h.port,
            "filter add dev %s parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev %s"
            % (h.port, dev),
        ]
        if mechanism in ("ip", "fudp", "fudp-meter"):
            # Drop-tail FIFO (paper 5.1.3: FIFO scheduling and drop-tail queuing).
            lines += [
                "qdisc add dev %s root handle 1: htb default 1" % dev,
                "class add dev %s parent 1: classid 1:1 htb rate %dkbit ceil %dkbit" % (dev, cap, cap),
                "qdisc add dev %s parent 1:1 handle 10: pfifo limit %d" % (dev, buf),
            ]
        else:
            # Two queues, UDP (q0) and everything else (q7), each drop-tail. WFQ: weights 0.4/0.6, and a
            # class may borrow what the other leaves idle (work conserving), as a WFQ scheduler does.
            if mechanism == "wfq":
                total = self.scenario.wfq_udp + self.scenario.wfq_tcp
                udp_rate, tcp_rate, udp_prio, tcp_prio = (cap * self.scenario.wfq_udp / total,
                                                          cap * self.scenario.wfq_tcp / total, 0, 0)
            elif mechanism == "wrr":
                # Seed 002's WRR 4:1 in favour of the TCP queue.
                udp_rate, tcp_rate, udp_prio, tcp_prio = cap * 0.2, cap * 0.8, 0, 0
            else:
                # Seed 002's PRIO for TCP: no prio qdisc in this kernel, so HTB gives TCP nearly the whole
                # guaranteed rate and first claim on spare capacity; UDP keeps only what TCP leaves.
                udp_rate, tcp_rate, udp_prio, tcp_prio = cap * 0.01, cap * 0.99, 7, 0
            lines += [
                "qdisc add dev %s root handle 1: htb default 20" % dev,
                "class add dev %s parent 1: classid 1:1 htb rate %dkbit ceil %dkbit" % (dev, cap, cap),
                "class add dev %s parent 1:1 classid 1:10 htb rate %dkbit ceil %dkbit prio %d"
                % (dev, udp_rate, cap, udp_prio),
                "class add dev %s parent 1:1 classid 1:20 htb rate %dkbit ceil %dkbit prio %d"
                % (dev, tcp_rate, cap, tcp_prio),
                "qdisc add dev %s parent 1:10 handle 10: pfifo limit %d" % (dev, buf),
                "qdisc add dev %s parent 1:20 handle 20: pfifo limit %d" % (dev, buf),
                "filter add dev %s parent 1: protocol ip prio 1 u32 match ip protocol 17 0xff flowid 1:10" % dev,
            ]
        tc_batch(h.ns, lines)
