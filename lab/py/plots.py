# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Figures like the paper's Figs. 4-6, plus RTT and FUDP's fairness band, in PNG and SVG."""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLORS = {"ip": "tab:red", "wfq": "tab:orange", "prio": "tab:purple", "wrr": "tab:brown", "fudp": "tab:green", "fudp-meter": "tab:olive"}


def _save(fig, outdir, name):
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(outdir, "%s.%s" % (name, ext)), dpi=110, bbox_inches="tight")
    plt.close(fig)


def _events(ax, scenario):
    for f in scenario.flows:
        ax.axvline(f.start, color="0.85", lw=0.8, zorder=0)


def throughput(results, scenario, outdir):
    fig, axes = plt.subplots(len(results), 1, figsize=(9, 2.8 * len(results)), sharex=True, squeeze=False)
    for ax, r in zip(axes[:, 0], results):
        for f in scenario.flows:
            ax.plot(r.times, r.flow_mbps[f.id], lw=1.2, ls="-" if f.elastic else "--", label=f.label)
        _events(ax, scenario)
        ax.set_ylabel("Mbit/s")
        ax.set_title("Per-flow throughput at the receivers: %s" % r.mechanism.upper(), fontsize=10)
        ax.grid(alpha=0.3)
    axes[0, 0].legend(fontsize=7, ncol=3, loc="upper left")
    axes[-1, 0].set_xlabel("time (s)")
    _save(fig, outdir, "fig4-throughput")


def _per_set(results, scenario, outdir, name, series, ylabel, title, logy=False, ylim=None):
    sets = scenario.sets()
    fig, axes = plt.subplots(1, len(sets), figsize=(5 * len(sets), 3.2), squeeze=False)
    for n, (ax, s) in enumerate(zip(axes[0], sets)):
        for r in results:
            ax.plot(r.times, series(r, s), color=COLORS.get(r.mechanism), lw=1.2, label=r.mechanism.upper())
        lo, hi = scenario.steady_window(s)
        ax.axvspan(lo, hi, color="0.92", zorder=0)
        ax.set_title("%s: %s" % (title, s), fontsize=10)
        ax.set_xlabel("time (s)")
        if n == 0:
            ax.set_ylabel(ylabel)
        if logy:
            ax.set_yscale("log")
        if ylim:
            ax.set_ylim(*ylim)
        ax.grid(alpha=0.3)
    axes[0, 0].legend(fontsize=8)
    _save(fig, outdir, name)


def fairness(results, scenario, outdir):
    _per_set(results, scenario, outdir, "fig5-fairness", lambda r, s: r.jain_series(s), "Jain's index",
             "Fairness (shaded: steady state)", ylim=(0, 1.05))


def power(results, scenario, outdir):
    _per_set(results, scenario, outdir, "fig6-power", lambda r, s: r.power_series(s), "Mbit/s per s (log)",
             "Power = goodput / RTT", logy=True)


def rtt(results, scenario, outdir):
    _per_set(results, scenario, outdir, "rtt", lambda r, s: r.rtt.get(s, []), "ping RTT (ms, log)",
             "RTT through the bottleneck", logy=True)


def fudp_band(result, scenario, outdir):
    """FUDP's own view per control period: UDP average against the TCP fairness band (Sec. 4.2.2)."""
    rows = result.controller
    if not rows:
        return
    sets = scenario.sets()
    fig, axes = plt.subplots(1, len(sets), figsize=(5 * len(sets), 3.2), squeeze=False)
    for ax, s in zip(axes[0], sets):
        rs = [r for r in rows if r["set"] == s]
        t = [r["t"] for r in rs]
        # A row is logged at the end of the period it measured, hence steps that end at t ("pre").
        ax.fill_between(t, [r["bandLow"] for r in rs], [r["bandHigh"] for r in rs], step="pre", alpha=0.3,
                        color="tab:blue", label="band [Wad, Wau]")
        ax.step(t, [r["udpAvg"] for r in rs], where="pre", color="tab:red", label="UDP average (after adjustor)")
        ax.step(t, [r["tcpAvg"] for r in rs], where="pre", color="tab:blue", lw=0.8, label="TCP average")
        top = max([r["bandHigh"] for r in rs if r["bandHigh"] == r["bandHigh"]] or [1.0])
        ax.set_ylim(0, top * 1.5)  # the first period of a new UDP flow is off the scale, at its demand
        for f in scenario.flows:
            if f.set == s:
                ax.axvline(f.start, color="0.6", lw=0.8, ls=":")  # arrivals dotted, departures dashed
                if f.end < scenario.length - 1e-9:
                    ax.axvline(f.end, color="0.6", lw=0.8, ls="--")
        ax.set_title("FUDP per control period: %s" % s, fontsize=10)
        ax.set_xlabel("time (s)")
        ax.set_ylabel("Mbit/s")
        ax.grid(alpha=0.3)
    axes[0, 0].legend(fontsize=7)
    _save(fig, outdir, "fudp-band")


def all_plots(results, scenario, outdir):
    throughput(results, scenario, outdir)
    fairness(results, scenario, outdir)
    power(results, scenario, outdir)
    rtt(results, scenario, outdir)
    for r in results:
        if r.mechanism == "fudp":
            fudp_band(r, scenario, outdir)
