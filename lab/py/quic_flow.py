# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A QUIC bulk transfer for the lab: real QUIC (aioquic, its Reno or CUBIC congestion control), measured as iperf3
measures a flow, so the lab reads it as one (flowreport.py, reports.py).

    quic_flow.py server --port P [--interval 0.5]
    quic_flow.py client --host IP --port P --time T --cc reno|cubic [--cport C] [--interval 0.5]

Runs with the lab's QUIC venv (tools/setup: aioquic pinned in lab/py/quic-requirements.txt), not the system
Python. One connection is one test: the client opens one bidirectional stream, writes a header line (the test's
cookie and length), then zeros for T seconds as fast as its congestion controller and the flow-control windows
let it, then FIN. The server counts what arrives on the stream per interval from the client's first packet, writes its
report to stdout (one JSON report after another, as `iperf3 -s -J`) and sends the same report back on the stream;
the client prints its own report with the server's as `server_output_json` (as `iperf3 -J --get-server-output`).
SIGTERM makes either side report what it has (a test cut short) and exit.
"""
import argparse
import asyncio
import datetime
import json
import signal
import ssl
import sys
import time

from aioquic import __version__ as AIOQUIC_VERSION
from aioquic.asyncio import QuicConnectionProtocol, serve
from aioquic.quic import events
from aioquic.quic.configuration import QuicConfiguration
from aioquic.quic.connection import QuicConnection
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

import flowreport

ALPN = "fudp-lab-bulk"
CONGESTION = ("reno", "cubic")  # what aioquic registers (aioquic/quic/congestion); scenario.py offers the same
# Deployed stacks send 1200-1452-byte datagrams (Chrome and Cloudflare 1350); aioquic's default is the protocol's
# minimum, 1200. 1350 fits the lab's 1500-byte MTU and costs a tenth fewer packets of Python per byte.
DATAGRAM = 1350
TOPUP = 256 * 1024  # unsent bytes kept queued on the stream: more than a window at the lab's rates, and bounded
CHUNK = b"\0" * 65536
REPORT_WAIT = 10.0  # seconds the client waits for the server's report after its FIN


def _certificate():
    """A throwaway self-signed certificate: the client does not verify it (the lab measures transport, not trust)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fudp-lab")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=2)).sign(key, hashes.SHA256()))
    return cert, key


class ServerTest(QuicConnectionProtocol):
    """One connection, one test."""
    interval = 0.5
    live = set()

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        # The test starts with the client's first Initial, not at the handshake's end: under a flood the client's
        # Finished can be lost for seconds or for good, and those seconds must count as nothing received (as an
        # iperf3 server reports a test whose data connection starves), not vanish.
        self.meter = flowreport.Meter(self._loop.time(), self.interval)
        self.epoch = time.time()
        self.header = b""
        self.cookie = None
        self.seconds = None
        self.done = False
        ServerTest.live.add(self)

    def quic_event_received(self, event):
        now = self._loop.time()
        if isinstance(event, events.StreamDataReceived):
            self.meter.add(len(event.data), now)
            if self.cookie is None:
                self._header(event.data)
            if event.end_stream:
                data = self.finish(None)
                if data is not None:
                    self._quic.send_stream_data(event.stream_id, json.dumps(data).encode(), end_stream=True)
                    self.transmit()
        elif isinstance(event, events.ConnectionTerminated):
            self.finish("the connection ended before the client's FIN (%s)" % (event.reason_phrase or event.error_code))
            ServerTest.live.discard(self)

    def _header(self, data):
        self.header += data[:512]
        if b"\n" in self.header:
            try:
                head = json.loads(self.header.split(b"\n", 1)[0])
                self.cookie, self.seconds = head.get("cookie"), head.get("seconds")
            except ValueError:
                self.cookie = ""
        elif len(self.header) > 4096:
            self.cookie = ""  # no header line: stop looking (finish() names the test by its time)

    def finish(self, error):
        """Writes this test's report once; returns it (None when already written)."""
        if self.done:
            return None
        self.done = True
        ivs = self.meter.finish(self._loop.time())
        extra = {"quic": {"aioquic": AIOQUIC_VERSION}}
        # A test whose header never arrived still needs a cookie: reports.py takes a report without one for an idle
        # server's, and matches this one to its launch by its start time instead.
        cookie = self.cookie or "no-header-" + flowreport.new_cookie()
        data = flowreport.report(cookie, self.epoch, "QUIC", ivs, extra, error)
        flowreport.emit(data)
        return data


async def run_server(args):
    cert, key = _certificate()
    # The sender's congestion controller is the client's; the server only sends ACKs and its report.
    config = QuicConfiguration(is_client=False, alpn_protocols=[ALPN], certificate=cert, private_key=key,
                               max_datagram_size=DATAGRAM, idle_timeout=30.0)
    ServerTest.interval = args.interval
    server = await serve(args.bind, args.port, configuration=config, create_protocol=ServerTest)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    for test in list(ServerTest.live):
        test.finish("the server was stopped (SIGTERM) during the test")
    server.close()


class ClientTest(QuicConnectionProtocol):
    """Keeps the stream's send buffer topped up until the deadline; collects the server's report."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.sid = None
        self.written = 0
        self.sending = False
        self.reply = b""
        self.replied = asyncio.Event()
        self.meter = None
        self.intervals = []
        self.sent_seen = 0

    def start_bulk(self, header, interval):
        self.sid = self._quic.get_next_available_stream_id()
        self._quic.send_stream_data(self.sid, header)
        self.written = len(header)
        self.meter = flowreport.Meter(self._loop.time(), interval)
        self.sent_seen = 0
        self.sending = True
        self.transmit()

    def sent(self):
        """Stream bytes sent at least once so far (the stream's highest offset): the sender's side of the test."""
        stream = self._quic._streams.get(self.sid)  # aioquic has no public view of it; the version is pinned
        return stream.sender.highest_offset if stream else self.written

    def stop_bulk(self, end=None):
        """Stops writing; the sender's intervals end here (what is still queued goes out after, as a socket buffer
        drains after iperf3's test)."""
        self.sending = False
        self.intervals = self.meter.finish(self._loop.time(), end)
        self.meter = None
        self._quic.send_stream_data(self.sid, b"", end_stream=True)
        self.transmit()

    def transmit(self):
        if self.sending:
            sent = self.sent()
            if self.written - sent < TOPUP:
                self._quic.send_stream_data(self.sid, CHUNK)
                self.written += len(CHUNK)
        super().transmit()
        if self.meter is not None and self.sid is not None:
            sent = self.sent()
            self.meter.add(sent - self.sent_seen, self._loop.time())
            self.sent_seen = sent

    def quic_event_received(self, event):
        if isinstance(event, events.StreamDataReceived) and event.stream_id == self.sid:
            self.reply += event.data
            if event.end_stream:
                self.replied.set()
        elif isinstance(event, events.ConnectionTerminated):
            self.replied.set()


async def run_client(args):
    loop = asyncio.get_running_loop()
    cookie = flowreport.new_cookie()
    epoch = time.time()
    config = QuicConfiguration(is_client=True, alpn_protocols=[ALPN], congestion_control_algorithm=args.cc,
                               verify_mode=ssl.CERT_NONE, server_name="fudp-lab", max_datagram_size=DATAGRAM,
                               idle_timeout=30.0)
    conn = QuicConnection(configuration=config)
    # The lab's namespaces have no IPv6, so an IPv4 socket (aioquic's connect() opens a dual-stack IPv6 one); the
    # fixed source port makes the flow one known 5-tuple, as the lab's UDP flows.
    _, proto = await loop.create_datagram_endpoint(lambda: ClientTest(conn), local_addr=("0.0.0.0", args.cport))
    extra = {"quic": {"aioquic": AIOQUIC_VERSION, "cc": args.cc, "datagram": DATAGRAM},
             "connected": [{"local_port": args.cport, "remote_host": args.host, "remote_port": args.port}]}
    interrupted = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, interrupted.set)

    def result(error=None, server=None):
        if proto.meter is not None:
            proto.stop_bulk()
        data = flowreport.report(cookie, epoch, "QUIC", proto.intervals, extra, error)
        if server is not None:
            data["server_output_json"] = server
        return data

    proto.connect((args.host, args.port))
    # As long as the flow lasts, as the lab's iperf3 clients: a real client under a flood keeps trying.
    connect_by = loop.time() + (args.connect_timeout or args.time)
    waiter = asyncio.ensure_future(proto.wait_connected())
    stopper = asyncio.ensure_future(interrupted.wait())
    await asyncio.wait([waiter, stopper], timeout=max(0.1, connect_by - loop.time()),
                       return_when=asyncio.FIRST_COMPLETED)
    if not waiter.done() or waiter.exception() is not None:
        waiter.cancel()
        why = "interrupted" if interrupted.is_set() else "no handshake within %.0f s" % (
            args.connect_timeout or args.time)
        return result("%s to %s:%d (%s)" % (flowreport.CONNECT_FAILED, args.host, args.port, why))
    epoch = time.time()
    proto.start_bulk((json.dumps({"cookie": cookie, "seconds": args.time}) + "\n").encode(), args.interval)
    await asyncio.wait([stopper], timeout=args.time)
    if interrupted.is_set():
        data = result("interrupted (SIGTERM) during the test")
        proto.close()
        return data
    proto.stop_bulk(args.time)
    ended = loop.time()
    replied = asyncio.ensure_future(proto.replied.wait())
    await asyncio.wait([replied, stopper], timeout=REPORT_WAIT, return_when=asyncio.FIRST_COMPLETED)
    server, error = None, None
    try:
        server = json.loads(proto.reply) if proto.reply else None
    except ValueError:
        error = "the server's report was not JSON"
    if server is None and error is None:
        error = "no report from the server within %.0f s of the FIN" % REPORT_WAIT
    data = result(error, server)
    data["end"]["fin_to_report_s"] = round(loop.time() - ended, 3)
    proto.close()
    await asyncio.wait([asyncio.ensure_future(proto.wait_closed())], timeout=1.0)
    for t in (replied, stopper):
        t.cancel()
    return data


def main(argv):
    p = argparse.ArgumentParser(prog="quic_flow.py", description=__doc__.strip().splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("server")
    s.add_argument("--bind", default="0.0.0.0")
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--interval", type=float, default=0.5)
    c = sub.add_parser("client")
    c.add_argument("--host", required=True)
    c.add_argument("--port", type=int, required=True)
    c.add_argument("--time", type=float, required=True)
    c.add_argument("--cc", choices=CONGESTION, default="cubic")
    c.add_argument("--cport", type=int, default=0)
    c.add_argument("--interval", type=float, default=0.5)
    c.add_argument("--connect-timeout", type=float, default=None)
    args = p.parse_args(argv)
    if args.cmd == "server":
        asyncio.run(run_server(args))
        return 0
    flowreport.emit(asyncio.run(run_client(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
