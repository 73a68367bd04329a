/*
 * Draws the FUDP view's chart with d3 v3 (which the legacy GUI already loads): one line per
 * flow's measured rate on the left axis, Jain's index (paper, Eq. (4)) on the right axis.
 *
 * Input, from FudpViewMessageHandler: chart = {windowS, jain: [[t, j]], flows: [{id, protocol,
 * points: [[t, bps]]}]}, with t in seconds before the newest sample (t <= 0).
 */
(function () {
    'use strict';

    var margin = { top: 10, right: 44, bottom: 26, left: 52 },
        // Colour-blind-safe palette (Okabe-Ito), cycled when a set has more flows.
        palette = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'],
        jainColour = '#222222';

    function mbps(bps) {
        return bps / 1e6;
    }

    function draw(container, chart, opts) {
        var width = opts.width - margin.left - margin.right,
            height = opts.height - margin.top - margin.bottom,
            flows = chart.flows || [],
            jain = chart.jain || [],
            tMin = 0,
            rMax = 0,
            svg, g, x, yRate, yJain, rateLine, jainLine, legend;

        flows.forEach(function (f) {
            f.points.forEach(function (p) {
                tMin = Math.min(tMin, p[0]);
                rMax = Math.max(rMax, mbps(p[1]));
            });
        });
        jain.forEach(function (p) {
            tMin = Math.min(tMin, p[0]);
        });

        container.selectAll('*').remove();
        if (!jain.length && !flows.some(function (f) { return f.points.length > 0; })) {
            container.append('p').classed('fudp-chart-empty', true)
                .text('No history yet: the chart fills as control periods run.');
            return;
        }

        x = d3.scale.linear().domain([tMin || -60, 0]).range([0, width]);
        yRate = d3.scale.linear().domain([0, rMax > 0 ? rMax * 1.1 : 1]).nice().range([height, 0]);
        yJain = d3.scale.linear().domain([0, 1]).range([height, 0]);

        svg = container.append('svg')
            .attr('class', 'fudp-chart-svg')
            .attr('width', opts.width)
            .attr('height', opts.height);
        g = svg.append('g').attr('transform', 'translate(' + margin.left + ',' + margin.top + ')');

        g.append('g').attr('class', 'fudp-axis fudp-axis-x')
            .attr('transform', 'translate(0,' + height + ')')
            .call(d3.svg.axis().scale(x).orient('bottom').ticks(6)
                .tickFormat(function (t) { return t === 0 ? 'now' : t + ' s'; }));
        g.append('g').attr('class', 'fudp-axis fudp-axis-rate')
            .call(d3.svg.axis().scale(yRate).orient('left').ticks(5));
        g.append('g').attr('class', 'fudp-axis fudp-axis-jain')
            .attr('transform', 'translate(' + width + ',0)')
            .call(d3.svg.axis().scale(yJain).orient('right').ticks(5));
        g.append('text').attr('class', 'fudp-axis-title')
            .attr('transform', 'rotate(-90)').attr('x', -height / 2).attr('y', -40)
            .style('text-anchor', 'middle').text('Mb/s');
        g.append('text').attr('class', 'fudp-axis-title')
            .attr('transform', 'rotate(90)').attr('x', height / 2).attr('y', -width - 36)
            .style('text-anchor', 'middle').text('Jain');

        rateLine = d3.svg.line()
            .x(function (p) { return x(p[0]); })
            .y(function (p) { return yRate(mbps(p[1])); });
        jainLine = d3.svg.line()
            .x(function (p) { return x(p[0]); })
            .y(function (p) { return yJain(p[1]); });

        flows.forEach(function (f, i) {
            g.append('path')
                .attr('class', 'fudp-line fudp-line-' + f.protocol)
                .attr('data-flow', f.id)
                .attr('d', rateLine(f.points))
                .style('stroke', palette[i % palette.length]);
        });
        g.append('path')
            .attr('class', 'fudp-line fudp-line-jain')
            .attr('d', jainLine(jain))
            .style('stroke', jainColour);

        legend = container.append('ul').classed('fudp-legend', true);
        flows.forEach(function (f, i) {
            var li = legend.append('li').attr('class', 'fudp-legend-' + f.protocol);
            li.append('span').classed('fudp-swatch', true)
                .style('background-color', palette[i % palette.length]);
            li.append('span').classed('fudp-legend-label', true).text(f.id);
        });
        legend.append('li').attr('class', 'fudp-legend-jain')
            .call(function (li) {
                li.append('span').classed('fudp-swatch fudp-swatch-jain', true)
                    .style('background-color', jainColour);
                li.append('span').classed('fudp-legend-label', true).text('Jain index (right axis)');
            });
    }

    angular.module('ovFudpChart', [])
        .factory('FudpChartService', [function () {
            return { draw: draw, palette: palette };
        }]);
}());
