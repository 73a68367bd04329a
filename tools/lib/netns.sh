#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
# Network-namespace harness for data-plane tests: namespaces, veth pairs, bridges, bounded
# iperf3 runs, and a cleanup that removes exactly what this harness created, on any exit.
#
# Usage (as root):
#   source tools/lib/netns.sh
#   netns_init f20tc            # unique prefix per suite; installs the EXIT/INT/TERM trap
#   netns_add S s               # creates namespace "f20tc-<pid>-s", stores its name in $S
#   netns_veth "$S" s0 "$A" a0  # veth pair, one end in each namespace, offloads off, up
#   netns_bridge "$A" br0 a0 a1 # a bridge in a namespace over existing interfaces
#   netns_addr "$S" s0 10.77.0.1/24
#   iperf3_server "$R" 5201 "$NETNS_TMP/srv.json" 15      # one test, JSON, killed after 15 s
#   iperf3_udp "$S" 10.77.0.2 5201 50M 4 40001 "$NETNS_TMP/cli.json"
#   iperf3_wait                                            # waits for the servers started
#   iperf3_rx_mbps "$NETNS_TMP/srv.json"                    # receiver's UDP goodput, Mbit/s
#
# Interface names live inside the namespaces, so they cannot collide between suites; namespace
# names carry the prefix and the shell's pid. Every namespace and process is recorded when it is
# created and only those are removed. Deleting a namespace deletes the veth ends and bridges in it.

NETNS_PREFIX=""
NETNS_TMP=""
NETNS_LIST=()
NETNS_PIDS=()
NETNS_IPERF_PIDS=()

# netns_init PREFIX: start a suite. Creates a private temp dir ($NETNS_TMP) and the cleanup trap.
netns_init() {
    NETNS_PREFIX="$1-$$"
    NETNS_TMP=$(mktemp -d "/tmp/${NETNS_PREFIX}.XXXXXX")
    trap 'netns_exit $?' EXIT
    trap 'netns_cleanup; exit 130' INT
    trap 'netns_cleanup; exit 143' TERM
}

# netns_exit RC: the EXIT trap. A suite that fails keeps its temp dir (iperf3 reports, logs) and says
# where, so that a rare failure can be read afterwards instead of guessed at.
netns_exit() {
    if [ "$1" -ne 0 ] && [ -n "$NETNS_TMP" ] && [ -d "$NETNS_TMP" ]; then
        echo "the failed suite's files are kept in $NETNS_TMP" >&2
        NETNS_KEEP=1
    fi
    netns_cleanup
}

# netns_cleanup: kill recorded processes, delete recorded namespaces, remove the temp dir (unless a
# failed suite keeps it).
# Idempotent, so it may run from the trap after an explicit call.
netns_cleanup() {
    local pid ns
    for pid in "${NETNS_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${NETNS_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    NETNS_PIDS=()
    NETNS_IPERF_PIDS=()
    for ns in "${NETNS_LIST[@]}"; do
        # Processes left inside (started by something we ran) would keep the namespace alive.
        for pid in $(ip netns pids "$ns" 2>/dev/null); do
            kill "$pid" 2>/dev/null || true
        done
        ip netns del "$ns" 2>/dev/null || true
    done
    NETNS_LIST=()
    if [ -n "$NETNS_TMP" ] && [ -d "$NETNS_TMP" ] && [ -z "${NETNS_KEEP:-}" ]; then
        rm -rf "$NETNS_TMP"
    fi
    NETNS_TMP=""
}

# netns_add VAR SHORT: create namespace PREFIX-SHORT with loopback up and store its name in VAR.
# (Not $(...): a command substitution is a subshell, and the record for cleanup would be lost.)
netns_add() {
    local ns="${NETNS_PREFIX}-$2"
    ip netns add "$ns" || return 1
    NETNS_LIST+=("$ns")
    ip -n "$ns" link set lo up
    printf -v "$1" '%s' "$ns"
}

# netns_offloads_off NS IF: turn off the offloads that would hand tc super-frames.
netns_offloads_off() {
    ip netns exec "$1" ethtool -K "$2" tx off tso off gso off gro off >/dev/null 2>&1 || true
}

# netns_veth NS1 IF1 NS2 IF2: veth pair IF1 (in NS1) <-> IF2 (in NS2), offloads off, both up.
netns_veth() {
    local ns1="$1" if1="$2" ns2="$3" if2="$4"
    ip -n "$ns1" link add "$if1" type veth peer name "$if2" netns "$ns2" || return 1
    netns_offloads_off "$ns1" "$if1"
    netns_offloads_off "$ns2" "$if2"
    ip -n "$ns1" link set "$if1" up
    ip -n "$ns2" link set "$if2" up
}

# netns_bridge NS BR IF...: Linux bridge BR in NS (no STP, no forwarding delay) over the IFs.
netns_bridge() {
    local ns="$1" br="$2" port
    shift 2
    ip -n "$ns" link add name "$br" type bridge stp_state 0 forward_delay 0 || return 1
    for port in "$@"; do
        ip -n "$ns" link set "$port" master "$br"
        ip -n "$ns" link set "$port" up
    done
    ip -n "$ns" link set "$br" up
}

# netns_addr NS IF CIDR: add an address (IPv6 without duplicate address detection delay).
netns_addr() {
    if [[ "$3" == *:* ]]; then
        ip -n "$1" addr add "$3" dev "$2" nodad
    else
        ip -n "$1" addr add "$3" dev "$2"
    fi
}

# netns_neigh NS IF ADDR PEER_NS PEER_IF: a static neighbour entry in NS for ADDR, at PEER_IF's MAC.
# Needed across the adjustor agent, whose bridge carries no broadcast or multicast (ARP, ND).
netns_neigh() {
    local mac
    mac=$(ip -n "$4" -o link show "$5" | sed -n 's/.*link\/ether \([0-9a-f:]*\).*/\1/p')
    ip -n "$1" neigh replace "$3" lladdr "$mac" dev "$2" nud permanent
}

# netns_bg NS LOG CMD...: run CMD in NS in the background, output to LOG; records the pid.
netns_bg() {
    local ns="$1" log="$2"
    shift 2
    ip netns exec "$ns" "$@" >"$log" 2>&1 &
    NETNS_PIDS+=("$!")
}

# iperf3_server NS PORT JSON MAX_SECS: one-test iperf3 server writing its JSON report to JSON,
# killed after MAX_SECS at the latest.
iperf3_server() {
    local ns="$1" port="$2" json="$3" max="${4:-30}"
    ip netns exec "$ns" timeout "$max" iperf3 -s -1 -J -p "$port" >"$json" 2>&1 &
    NETNS_PIDS+=("$!")
    NETNS_IPERF_PIDS+=("$!")
    # Wait until it listens, at most 2 s.
    local i
    for i in $(seq 1 40); do
        if ip netns exec "$ns" ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
            return 0
        fi
        sleep 0.05
    done
    echo "iperf3 server on port $port in $ns did not start" >&2
    return 1
}

# iperf3_udp NS DST PORT RATE SECS CPORT JSON: UDP client at RATE (e.g. 50M) for SECS seconds from
# client port CPORT, in the background; bounded by timeout. Use iperf3_wait to wait for it.
iperf3_udp() {
    local ns="$1" dst="$2" port="$3" rate="$4" secs="$5" cport="$6" json="$7"
    ip netns exec "$ns" timeout $((secs + 10)) iperf3 -c "$dst" -p "$port" -u -b "$rate" -t "$secs" \
        --cport "$cport" -J >"$json" 2>&1 &
    NETNS_PIDS+=("$!")
    NETNS_IPERF_PIDS+=("$!")
}

# iperf3_wait: wait for every iperf3 process started so far (servers end after their one test),
# then forget their pids so that cleanup never signals a reused pid.
iperf3_wait() {
    local pid keep=() p done
    for pid in "${NETNS_IPERF_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    for p in "${NETNS_PIDS[@]}"; do
        done=0
        for pid in "${NETNS_IPERF_PIDS[@]}"; do
            [ "$p" = "$pid" ] && done=1
        done
        [ "$done" = 1 ] || keep+=("$p")
    done
    NETNS_PIDS=("${keep[@]}")
    NETNS_IPERF_PIDS=()
}

# iperf3_rx_mbps JSON: the receiving server's UDP goodput in Mbit/s, from its JSON report.
iperf3_rx_mbps() {
    python3 - "$1" <<'PY'
import json, sys
try:
    with open(sys.argv[1]) as f:
        d = json.load(f)
    end = d["end"]
    # iperf3 3.12 servers report received bytes in sum_received (sum counts 0 bytes); older ones in sum.
    print("%.3f" % (end.get("sum_received", end["sum"])["bits_per_second"] / 1e6))
except Exception as e:  # noqa: BLE001 - report and fail the caller's arithmetic clearly
    print("nan")
    print("cannot read iperf3 report %s: %s" % (sys.argv[1], e), file=sys.stderr)
PY
}

# iperf3_rx_frame_mbps JSON HEADER_BYTES: the same rate counted in Ethernet frames, as HTB counts
# it: goodput * (payload + headers) / payload, with headers 42 for UDP/IPv4, 62 for UDP/IPv6.
iperf3_rx_frame_mbps() {
    python3 - "$1" "$2" <<'PY'
import json, sys
try:
    with open(sys.argv[1]) as f:
        d = json.load(f)
    end = d["end"]
    blk = d["start"]["test_start"]["blksize"]
    bps = end.get("sum_received", end["sum"])["bits_per_second"]
    print("%.3f" % (bps * (blk + int(sys.argv[2])) / blk / 1e6))
except Exception as e:  # noqa: BLE001
    print("nan")
    print("cannot read iperf3 report %s: %s" % (sys.argv[1], e), file=sys.stderr)
PY
}

# within VALUE LOW HIGH: true if LOW <= VALUE <= HIGH (floating point).
within() {
    python3 -c "import sys; v,l,h=map(float,sys.argv[1:]); sys.exit(0 if l <= v <= h else 1)" "$1" "$2" "$3"
}
