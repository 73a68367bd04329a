/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * The FUDP page (fudpPage.html at /onos/fudp/ui/): every 2 s it reads FUDP's REST API in the
 * same web context (control, cfs, flows, allocations, agents, and the selected set's history)
 * and shows the CFS table, the selected set's flows and chart, the allocations, the agents with
 * why they are not working, and the control loop's warnings. A set's state says why when there is
 * more to say (stateReason: a limit not in force, an agent not up): as the state's tooltip in the
 * table, and in the selected set's summary. Each facility names the ONOS instance in charge of it
 * (since when, its epoch) and what FUDP's rules cost its switch, a switch that refused rules in the
 * warning colour (the controller and collection of GET /agents). Each set counts its UDP flows that passed
 * their responsiveness test, and each UDP flow says what its test makes it, what the test found as its tooltip.
 *
 * Same origin, so the browser sends along the BASIC credentials it asked for when it loaded the
 * page. Texts follow org.fudp.gui.GuiFormat, so the page and the legacy view read alike.
 */
(function () {
    'use strict';

    var api = '../',
        refreshMs = 2000,
        chartWindowS = 300,
        chartSize = { width: 760, height: 260 },
        selected = null,
        timer = null;

    // --- formatting ------------------------------------------------------------------------

    var NA = 'n/a',
        stateWords = { FAIR: 'fair', ADJUSTING: 'adjusting', NOT_ENFORCED: 'not enforced', NO_AGENT: 'no agent',
            NO_UDP: 'no UDP' },
        agentWords = { UP: 'up', DOWN: 'down', UNKNOWN: 'not heard from' },
        skipWords = { RULE_BUDGET: 'rule budget', PACKET_IN_BUDGET: 'packet-in budget', SOURCE_QUOTA: 'source quota',
            SWITCH_REFUSED: 'paused after a refusal' };

    function rate(bps) {
        if (bps === null || bps === undefined) {
            return NA;
        }
        if (bps < 1e3) {
            return bps + ' b/s';
        }
        if (bps < 1e6) {
            return (bps / 1e3).toFixed(1) + ' kb/s';
        }
        if (bps < 1e9) {
            return (bps / 1e6).toFixed(1) + ' Mb/s';
        }
        return (bps / 1e9).toFixed(2) + ' Gb/s';
    }

    function known(v) {
        return v !== null && v !== undefined && !isNaN(v);
    }

    function percent(ratio) {
        return known(ratio) ? Math.round(ratio * 100) + '%' : NA;
    }

    function jain(j) {
        return known(j) ? j.toFixed(2) : NA;
    }

    // Epoch milliseconds as UTC, as the CLI prints them; 0 means never.
    function time(ms) {
        return ms ? new Date(ms).toISOString().replace('.000Z', 'Z') : 'never';
    }

    function stateCss(state) {
        return 'fudp-' + state.toLowerCase().replace(/_/g, '');
    }

    // The state's word, coloured, with why as its tooltip.
    function stateLabel(span, cfs) {
        span.className = 'fudp-state ' + stateCss(cfs.state);
        span.textContent = stateWords[cfs.state] || cfs.state;
        span.title = cfs.stateReason || '';
        return span;
    }

    function bottleneck(cfs) {
        var b = cfs.bottleneck;
        if (!b || !b.egress) {
            return cfs.id.indexOf('dst:') === 0 ? 'to ' + cfs.id.slice(4) : '';
        }
        return b.linkDst ? b.egress + ' \u2192 ' + b.linkDst : b.egress + ' (egress)';
    }

    // A UDP flow's class by its responsiveness test as a cell's classes; TCP has none.
    function responsivenessCss(kind) {
        return 'fudp-responsiveness' + (kind ? ' fudp-resp-' + kind : '');
    }

    function udpFirst(a, b) {
        return (a.protocol !== 'udp') - (b.protocol !== 'udp') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    }

    // --- DOM ------------------------------------------------------------------------------

    function $(id) {
        return document.getElementById(id);
    }

    // fudpChart.js, loaded first, has the element builder.
    var el = window.fudpChart.html;

    // Replaces a table's body with one row per item; cells(item) gives the cells' texts, or
    // [text, class] pairs.
    function fillTable(id, items, cells, rowClass) {
        var tbody = $(id).tBodies[0];
        tbody.textContent = '';
        items.forEach(function (item) {
            var tr = el(tbody, 'tr', rowClass ? rowClass(item) : '');
            cells(item).forEach(function (c) {
                var pair = Array.isArray(c);
                el(tr, 'td', pair ? c[1] : '', pair ? c[0] : c);
            });
            tr.item = item;
        });
        return tbody;
    }

    function empty(id, text, columns) {
        var tbody = $(id).tBodies[0];
        if (!tbody.rows.length) {
            el(el(tbody, 'tr', 'no-data'), 'td', '', text).colSpan = columns;
        }
    }

    // --- sections -------------------------------------------------------------------------

    function showControl(c) {
        var ul = $('fudp-warnings');
        $('fudp-loop').textContent = 'Control loop ' + (c.enabled ? (c.dryRun ? 'on, dry-run' : 'on') : 'off') +
            ', period ' + c.periodMs + ' ms, ' + c.periodsRun + ' periods run, last ' + time(c.lastPeriodMs) + '.';
        ul.textContent = '';
        (c.warnings || []).forEach(function (w) {
            el(ul, 'li', 'fudp-warning', w);
        });
    }

    function showSets(sets, flows) {
        var limited = {};
        flows.forEach(function (f) {
            if (f.allocationBps !== null) {
                limited[f.cfs] = (limited[f.cfs] || 0) + 1;
            }
        });
        $('fudp-cfs-count').textContent = '(' + sets.length + ' total)';
        fillTable('fudp-cfs', sets, function (c) {
            return [[c.id, 'fudp-id'], [bottleneck(c), 'fudp-bottleneck'],
                c.capacityBps > 0 ? rate(c.capacityBps) : NA, percent(c.utilization), jain(c.jainIndex),
                String(c.tcpFlows.length + (c.lightTcpFlows || 0)), String(c.udpFlows.length),
                String(c.responsiveUdpFlows || 0), String(limited[c.id] || 0), ''];
        }, function (c) {
            return 'fudp-cfs-row' + (c.id === selected ? ' selected' : '');
        });
        Array.prototype.forEach.call($('fudp-cfs').tBodies[0].rows, function (tr) {
            stateLabel(el(tr.cells[9], 'span'), tr.item);
        });
        empty('fudp-cfs', 'No correlation flow sets: no flow seen at a facility yet', 10);
    }

    // Why the set is in its state comes first, when there is more to say than the state's word.
    function summaryRows(c) {
        var d = c.lastDecision,
            rows = c.stateReason ? [['Why', c.stateReason]] : [];
        rows.push(['Bottleneck', bottleneck(c) || NA], ['Capacity', c.capacityBps > 0 ? rate(c.capacityBps) : NA],
            ['Utilization', percent(c.utilization)], ['Jain index', jain(c.jainIndex)]);
        if (c.tcpEvidence) {
            rows.push(['TCP counted', c.tcpEvidence]);
        }
        // Worded as GuiFormat.responsiveUdp words it for the legacy view.
        if (c.responsiveUdpFlows) {
            rows.push(['Responsive UDP', c.responsiveUdpFlows + ' of ' + c.udpFlows.length
                + ' UDP flows, counted with the TCP']);
        }
        // Worded as GuiFormat.principals words it for the legacy view.
        if (c.udpPrincipals) {
            rows.push(['UDP principals', c.udpPrincipals + ':' + (c.topPrincipals || []).map(function (p, i) {
                return (i ? ', ' : ' ') + p.principal + ' (' + p.flows + (p.flows === 1 ? ' flow, ' : ' flows, ')
                    + rate(p.bps) + ')';
            }).join('')]);
        }
        if (c.tcpFloorBps) {
            rows.push(['TCP floor', rate(c.tcpFloorBps)]);
        }
        if (c.units) {
            rows.push(['Limited as a unit', c.units + (c.units === 1 ? ' aggregate rule' : ' aggregate rules')
                + ' offering ' + rate(c.unitsBps) + ', '
                + (c.unitsLimitBps ? 'metered to ' + rate(c.unitsLimitBps) : 'no meter in force')]);
        }
        rows.push(['TCP rate', rate(c.tcpThroughputBps)],
            ['UDP rate / demand', rate(c.udpThroughputBps) + ' / ' + rate(c.udpDemandBps)]);
        if (d) {
            rows.push(['Last decision', 'period ' + d.period + ': ' + d.reason]);
            rows.push(['Fairness band', rate(d.bandLowBps) + ' .. ' + rate(d.bandHighBps)]);
        }
        return rows;
    }

    function showDetails(sets, flows, allocations, cfsHistory) {
        var c = sets.filter(function (s) { return s.id === selected; })[0],
            pending = {};
        $('fudp-details').hidden = !selected;
        if (!selected) {
            return;
        }
        $('fudp-details-id').textContent = selected;
        $('fudp-details-gone').hidden = Boolean(c);
        $('fudp-details-body').hidden = !c;
        $('fudp-details-state').hidden = !c;
        if (!c) {
            return;
        }
        stateLabel($('fudp-details-state'), c);
        fillTable('fudp-summary', summaryRows(c), function (r) {
            return [[r[0], 'label'], [r[1], 'value']];
        });

        allocations.forEach(function (a) {
            pending[a.flow] = pending[a.flow] || !a.acknowledged;
        });
        fillTable('fudp-flows', flows.filter(function (f) { return f.cfs === selected; }).sort(udpFirst),
            function (f) {
                var limited = f.allocationBps !== null;
                return [[f.id, 'fudp-flow-id'], f.rateKnown ? rate(f.demandBps) : NA,
                    f.rateKnown ? rate(f.throughputBps) : NA,
                    limited ? rate(f.allocationBps) : f.protocol === 'udp' ? 'none' : '',
                    [f.responsiveness || '', responsivenessCss(f.responsiveness)],
                    [f['class'] ? f['class'] + ': ' + f.rateReason : f.rateReason, 'fudp-why']];
            }, function (f) {
                return 'fudp-flow fudp-' + f.protocol + (f.allocationBps !== null ? ' fudp-limited' : '');
            });
        Array.prototype.forEach.call($('fudp-flows').tBodies[0].rows, function (tr) {
            if (tr.item.allocationBps !== null && pending[tr.item.id]) {
                el(tr.cells[3], 'span', 'fudp-pending', ' (pending)')
                    .title = 'Told to the adjustor, not yet acknowledged';
            }
            if (tr.item.responsiveEvidence) {
                tr.cells[4].title = tr.item.responsiveEvidence;
            }
        });

        $('fudp-chart-title').textContent = 'Rates and Jain index, last ' + chartWindowS / 60 + ' minutes';
        if (cfsHistory) {
            window.fudpChart.draw($('fudp-chart'), window.fudpChart.fromHistory(cfsHistory, chartWindowS), chartSize);
        }
    }

    function showAllocations(allocations) {
        fillTable('fudp-allocations', allocations, function (a) {
            return [[a.flow, 'fudp-flow-id'], a.facility, [a.cfs, 'fudp-cfs'], rate(a.toldBps),
                a.toldSeq ? String(a.toldSeq) : '-',
                a.dryRun ? 'dry-run, not sent' : a.refusal ? 'refused: ' + a.refusal : a.acknowledged ? 'yes' : 'not yet',
                time(a.toldAtMs)];
        }, function (a) {
            return a.cfs === selected ? 'fudp-of-selected' : '';
        });
        empty('fudp-allocations', 'No UDP flow is limited.', 7);
    }

    function rejected(counts) {
        var keys = Object.keys(counts || {});
        return keys.length ? keys.map(function (k) { return k + ' ' + counts[k]; }).join(', ') : 'none';
    }

    // A metered facility has no agent: its switch's meters, and the flows it could not meter.
    function showAgents(agents) {
        fillTable('fudp-agents', agents, function (a) {
            var metered = a.enforcement === 'METER';
            return [a.facility, [metered ? 'meters' : agentWords[a.status] || a.status, 'fudp-agent-state'],
                metered ? '-' : time(a.lastHeartbeatMs), a.lastSentSeq + ' / ' + a.lastAckedSeq,
                metered ? a.unmetered + ' unmetered' : rejected(a.rejectedFrames), [a.reason || '-', 'fudp-reason']];
        }, function (a) {
            return 'fudp-agent fudp-agent-' + (a.enforcement === 'METER' && a.unmetered > 0 ? 'unknown'
                : a.status.toLowerCase());
        });
        empty('fudp-agents', 'No facility is configured.', 6);
    }

    // New flows given no rules of their own, by why; the reasons that did not occur are left out.
    function skipped(counts) {
        var keys = Object.keys(counts).filter(function (k) { return counts[k] > 0; });
        return keys.length ? keys.map(function (k) { return (skipWords[k] || k) + ' ' + counts[k]; }).join(', ')
            : 'none';
    }

    // A sampled facility sets up rules only for the flows its switch's sFlow finds at its heavy rate; its
    // aggregate rules forward and count the others.
    function setups(r) {
        return String(r.packetInBudget) + (r.heavyBps > 0 ? ' (sampled: flows from ' + rate(r.heavyBps) + '; '
            + (r.aggregates || 0) + ' aggregate' + (r.aggregates === 1 ? '' : 's') + ')' : '');
    }

    // UDP flows sent straight on, unlimited, while the facility's adjustor cannot hold a limit (fail open).
    function failedOpen(r) {
        return r.failedOpen > 0 ? r.failedOpen + ' UDP flow' + (r.failedOpen === 1 ? '' : 's')
            + ' straight on, unlimited (the adjustor cannot hold a limit); ' : '';
    }

    function refused(r) {
        return r.refusals ? r.refusals + ': ' + r.lastRefusal
            + (r.pausedUntilMs ? ' (learning paused until ' + time(r.pausedUntilMs) + ')' : '') : 'none';
    }

    // Who is in charge of each facility, and what FUDP's rules cost its switch; a switch that refused
    // rules is in the warning colour. Both are null until a controller published the facility's view.
    function showFacilities(agents) {
        fillTable('fudp-facilities', agents, function (a) {
            var c = a.controller,
                r = a.collection;
            if (!c || !r) {
                return [a.facility, ['not published yet', 'fudp-reason'], '-', '-', '-', '-', '-', '-'];
            }
            return [a.facility, c.instance || 'unknown', time(c.sinceMs), String(c.epoch),
                r.rulesInUse + ' / ' + r.ruleCap + ' / ' + r.ruleBudget, setups(r),
                [failedOpen(r) + skipped(r.skipped), 'fudp-skipped'], [refused(r), 'fudp-refusals']];
        }, function (a) {
            return 'fudp-facility' + (a.collection && (a.collection.refusals > 0 || a.collection.failedOpen > 0)
                ? ' fudp-refused' : '');
        });
        empty('fudp-facilities', 'No facility is configured.', 8);
    }

    // --- polling --------------------------------------------------------------------------

    function read(path) {
        return fetch(api + path, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
            .then(function (res) {
                if (!res.ok) {
                    var e = new Error('/onos/fudp/' + path + ': ' + res.status + ' ' + res.statusText);
                    e.status = res.status;
                    throw e;
                }
                return res.json();
            });
    }

    // The selected set's history; a set that is gone has none (404), which is not an error.
    function readHistory() {
        if (!selected) {
            return Promise.resolve(null);
        }
        return read('history?cfs=' + encodeURIComponent(selected)).then(function (h) {
            return h.cfs[0];
        }, function (e) {
            if (e.status === 404) {
                return null;
            }
            throw e;
        });
    }

    function status(text, error) {
        var s = $('fudp-status');
        s.textContent = text;
        s.classList.toggle('fudp-error', Boolean(error));
    }

    function refresh() {
        clearTimeout(timer);
        var asked = selected;
        return Promise.all([read('control'), read('cfs'), read('flows'), read('allocations'), read('agents'),
            readHistory()]).then(function (r) {
            // A click while the answers were on their way asked for another set's history.
            if (asked !== selected) {
                return;
            }
            showControl(r[0]);
            showSets(r[1].cfs, r[2].flows);
            showDetails(r[1].cfs, r[2].flows, r[3].allocations, r[5]);
            showAllocations(r[3].allocations);
            showAgents(r[4].agents);
            showFacilities(r[4].agents);
            status('updated ' + new Date().toLocaleTimeString());
        }).catch(function (e) {
            status('cannot read ' + e.message + (e.status === 401 || e.status === 403
                ? ' (an ONOS account with the viewer role is needed)' : '') + '; showing older data', true);
        }).then(function () {
            clearTimeout(timer);
            timer = setTimeout(refresh, refreshMs);
        });
    }

    function select(id) {
        selected = id;
        window.history.replaceState(null, '', id ? '#cfs=' + encodeURIComponent(id) : location.pathname);
        // At once, not when the answers come: the click must show, whatever the network's delay.
        Array.prototype.forEach.call($('fudp-cfs').tBodies[0].rows, function (tr) {
            tr.classList.toggle('selected', Boolean(tr.item) && tr.item.id === id);
        });
        // Hidden until the new set's answers come, so no other set's details show meanwhile.
        $('fudp-details').hidden = true;
        refresh();
    }

    $('fudp-cfs').addEventListener('click', function (ev) {
        var tr = ev.target.closest('tr.fudp-cfs-row');
        if (tr) {
            select(tr.item.id === selected ? null : tr.item.id);
        }
    });
    document.addEventListener('keydown', function (ev) {
        if (ev.key === 'Escape' && selected) {
            select(null);
        }
    });

    // #cfs=<id> opens a set straight away, so a set can be bookmarked or linked to.
    if (location.hash.indexOf('#cfs=') === 0) {
        selected = decodeURIComponent(location.hash.slice(5));
    }
    window.fudpPage = { refresh: refresh, refreshMs: refreshMs };
    refresh();
}());
