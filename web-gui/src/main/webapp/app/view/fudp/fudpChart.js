/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * Draws FUDP's chart: one line per flow's measured rate on the left axis, Jain's index (paper,
 * Eq. (4)) on the right axis. Plain SVG and DOM, no library: the legacy GUI's view loads this file
 * next to its d3 v3, and the standalone page (/onos/fudp/ui/, for GUI2 users) loads it with
 * nothing else, since GUI2 exposes no d3 of its own to an app's page.
 *
 * Input: chart = {windowS, jain: [[t, j]], flows: [{id, protocol, points: [[t, bps]]}]}, with t
 * in seconds before the newest sample (t <= 0). The legacy view gets it ready-made from
 * FudpViewMessageHandler; the page builds it from GET /onos/fudp/history with fromHistory().
 *
 * Exposed as window.fudpChart = {draw, fromHistory, palette, html}.
 */
(function () {
    'use strict';

    var SVG = 'http://www.w3.org/2000/svg',
        margin = { top: 10, right: 44, bottom: 26, left: 52 },
        // Colour-blind-safe palette (Okabe-Ito), cycled when a set has more flows.
        palette = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'],
        jainColour = '#222222',
        tickLength = 6;

    function mbps(bps) {
        return bps / 1e6;
    }

    function svg(parent, name, attrs) {
        var e = document.createElementNS(SVG, name);
        Object.keys(attrs || {}).forEach(function (k) {
            e.setAttribute(k, attrs[k]);
        });
        parent.appendChild(e);
        return e;
    }

    // Appends an HTML element with a class and a text; fudpPage.js builds its tables with it too.
    function html(parent, name, cls, text) {
        var e = document.createElement(name);
        if (cls) {
            e.className = cls;
        }
        if (text !== undefined) {
            e.textContent = text;
        }
        parent.appendChild(e);
        return e;
    }

    // A round step near (hi - lo) / count: 1, 2 or 5 times a power of ten, as people read axes.
    function tickStep(lo, hi, count) {
        var raw = (hi - lo) / count,
            power = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10)),
            f = raw / power;
        return power * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
    }

    function ticks(lo, hi, count) {
        var step = tickStep(lo, hi, count),
            out = [],
            i;
        for (i = Math.ceil(lo / step); i * step <= hi + step * 1e-9; i++) {
            // Rounded so that 3 * 0.2 prints as 0.6, not 0.6000000000000001.
            out.push(+(i * step).toFixed(12));
        }
        return out;
    }

    // A linear map from [d0, d1] to [r0, r1].
    function scale(d0, d1, r0, r1) {
        return function (v) {
            return r0 + (v - d0) * (r1 - r0) / (d1 - d0);
        };
    }

    // orient: 'bottom' (labels below), 'left' or 'right' of the axis line.
    function axis(g, cls, orient, values, at, length, label) {
        var a = svg(g, 'g', { 'class': 'fudp-axis ' + cls }),
            horizontal = orient === 'bottom',
            side = orient === 'left' ? -1 : 1;
        svg(a, 'path', { 'class': 'domain',
            d: horizontal ? 'M0,0H' + length : 'M0,0V' + length });
        values.forEach(function (v) {
            var t = svg(a, 'g', { 'class': 'tick',
                    transform: horizontal ? 'translate(' + at(v) + ',0)' : 'translate(0,' + at(v) + ')' }),
                text;
            if (horizontal) {
                svg(t, 'line', { y2: tickLength });
                text = svg(t, 'text', { y: tickLength + 3, dy: '.71em', 'text-anchor': 'middle' });
            } else {
                svg(t, 'line', { x2: side * tickLength });
                text = svg(t, 'text', { x: side * (tickLength + 3), dy: '.32em',
                    'text-anchor': side < 0 ? 'end' : 'start' });
            }
            text.textContent = label(v);
        });
        return a;
    }

    function linePath(points, x, y) {
        return 'M' + points.map(function (p) {
            return x(p[0]).toFixed(2) + ',' + y(p[1]).toFixed(2);
        }).join('L');
    }

    function legend(container, flows) {
        var ul = html(container, 'ul', 'fudp-legend'),
            li;
        flows.forEach(function (f, i) {
            li = html(ul, 'li', 'fudp-legend-' + f.protocol);
            html(li, 'span', 'fudp-swatch').style.backgroundColor = palette[i % palette.length];
            html(li, 'span', 'fudp-legend-label', f.id);
        });
        li = html(ul, 'li', 'fudp-legend-jain');
        html(li, 'span', 'fudp-swatch fudp-swatch-jain').style.backgroundColor = jainColour;
        html(li, 'span', 'fudp-legend-label', 'Jain index (right axis)');
    }

    /**
     * Replaces the container's content with the chart, or with a note when there is no history.
     * @param {Element} container element to draw into
     * @param {object} chart see the top of this file
     * @param {{width: number, height: number}} opts size of the drawing in pixels
     */
    function draw(container, chart, opts) {
        var width = opts.width - margin.left - margin.right,
            height = opts.height - margin.top - margin.bottom,
            flows = chart.flows || [],
            jain = chart.jain || [],
            tMin = 0,
            rMax = 0,
            root, g, x, xTicks, rateTicks, yRate, yJain, rateTop, title;

        flows.forEach(function (f) {
            f.points.forEach(function (p) {
                tMin = Math.min(tMin, p[0]);
                rMax = Math.max(rMax, mbps(p[1]));
            });
        });
        jain.forEach(function (p) {
            tMin = Math.min(tMin, p[0]);
        });

        container.textContent = '';
        if (!jain.length && !flows.some(function (f) { return f.points.length > 0; })) {
            html(container, 'p', 'fudp-chart-empty', 'No history yet: the chart fills as control periods run.');
            return;
        }

        tMin = tMin || -60;
        x = scale(tMin, 0, 0, width);
        xTicks = ticks(tMin, 0, 6);
        // The rate axis ends on a round tick above the fastest flow, with a tenth to spare.
        rateTop = rMax > 0 ? rMax * 1.1 : 1;
        rateTop = Math.ceil(rateTop / tickStep(0, rateTop, 5)) * tickStep(0, rateTop, 5);
        rateTicks = ticks(0, rateTop, 5);
        yRate = scale(0, rateTop, height, 0);
        yJain = scale(0, 1, height, 0);

        root = svg(container, 'svg', { 'class': 'fudp-chart-svg', width: opts.width, height: opts.height });
        g = svg(root, 'g', { transform: 'translate(' + margin.left + ',' + margin.top + ')' });

        axis(g, 'fudp-axis-x', 'bottom', xTicks, x, width, function (t) {
            return t === 0 ? 'now' : t + ' s';
        }).setAttribute('transform', 'translate(0,' + height + ')');
        axis(g, 'fudp-axis-rate', 'left', rateTicks, yRate, height, String);
        axis(g, 'fudp-axis-jain', 'right', ticks(0, 1, 5), yJain, height, String)
            .setAttribute('transform', 'translate(' + width + ',0)');
        title = svg(g, 'text', { 'class': 'fudp-axis-title', transform: 'rotate(-90)',
            x: -height / 2, y: -40, 'text-anchor': 'middle' });
        title.textContent = 'Mb/s';
        title = svg(g, 'text', { 'class': 'fudp-axis-title', transform: 'rotate(90)',
            x: height / 2, y: -width - 36, 'text-anchor': 'middle' });
        title.textContent = 'Jain';

        flows.forEach(function (f, i) {
            var p = svg(g, 'path', { 'class': 'fudp-line fudp-line-' + f.protocol, 'data-flow': f.id });
            if (f.points.length) {
                p.setAttribute('d', linePath(f.points, x, function (bps) { return yRate(mbps(bps)); }));
            }
            // Inline, as the legacy GUI's dark theme overrides the Jain line with !important.
            p.style.stroke = palette[i % palette.length];
        });
        svg(g, 'path', { 'class': 'fudp-line fudp-line-jain', d: jain.length ? linePath(jain, x, yJain) : '' })
            .style.stroke = jainColour;

        legend(container, flows);
    }

    /**
     * Builds draw()'s input from one CFS of GET /onos/fudp/history, as FudpViewMessageHandler
     * does for the legacy view: the last windowS seconds before the newest sample, UDP flows
     * first, samples without a Jain index left out.
     * @param {object} cfs one element of the history's "cfs" array
     * @param {number} windowS how far back, in seconds
     * @returns {object} the chart
     */
    function fromHistory(cfs, windowS) {
        var samples = cfs.samples || [],
            flows = (cfs.flows || []).slice(),
            end = 0,
            start;
        function newest(list) {
            list.forEach(function (s) {
                end = Math.max(end, s.timeMs);
            });
        }
        newest(samples);
        flows.forEach(function (f) {
            newest(f.samples);
        });
        start = end - windowS * 1000;
        function seconds(s) {
            return (s.timeMs - end) / 1000;
        }
        flows.sort(function (a, b) {
            return (a.protocol !== 'udp') - (b.protocol !== 'udp') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
        });
        return {
            windowS: windowS,
            jain: samples.filter(function (s) {
                return s.timeMs >= start && s.jainIndex !== null && s.jainIndex !== undefined;
            }).map(function (s) { return [seconds(s), s.jainIndex]; }),
            flows: flows.map(function (f) {
                return {
                    id: f.id,
                    protocol: f.protocol,
                    points: f.samples.filter(function (s) { return s.timeMs >= start; })
                        .map(function (s) { return [seconds(s), s.throughputBps]; })
                };
            })
        };
    }

    window.fudpChart = { draw: draw, fromHistory: fromHistory, palette: palette, html: html };
}());
