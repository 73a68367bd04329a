/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * Boots the harness page: ?page=view shows the FUDP view as the legacy GUI's router would
 * (controller first, then the view's template linked with the controller's scope);
 * ?page=topo draws a small topology and plays the topology view's part for overlays.
 */
(function () {
    'use strict';

    var harness = window.harness,
        pageName = new URLSearchParams(window.location.search).get('page') || 'view';

    angular.module('harnessApp', ['fudpHarness', 'ovFudp', 'ovFudpTopov']);

    function bootView(injector) {
        var $http = injector.get('$http'),
            $rootScope = injector.get('$rootScope'),
            $compile = injector.get('$compile'),
            $controller = injector.get('$controller');

        $http.get('app/view/fudp/fudp.html').then(function (res) {
            var scope = $rootScope.$new(),
                el = angular.element('<div class="view-container"></div>');
            el.html(res.data);
            angular.element(document.getElementById('frame')).append(el);
            var link = $compile(el.contents());
            $controller('OvFudpCtrl', { $scope: scope });
            link(scope);
            harness.viewScope = scope;
            harness.ready = true;
        });
    }

    // --- topology page ------------------------------------------------------------------

    var positions = [[90, 220], [340, 220], [600, 90], [600, 350], [340, 420], [90, 420]],
        nodeById = {},
        linkById = {},
        reverse = {};

    function drawTopology(topo) {
        var frame = d3.select('#frame'),
            svg = frame.append('div').attr('id', 'ov-topo')
                .append('svg').attr('width', 720).attr('height', 500),
            linkG = svg.append('g').attr('id', 'topo-links'),
            labelG = svg.append('g').attr('id', 'topo-linkLabels'),
            nodeG = svg.append('g').attr('id', 'topo-nodes');

        topo.devices.forEach(function (id, i) {
            var p = positions[i % positions.length],
                g = nodeG.append('g').attr('class', 'node device')
                    .attr('id', 'node-' + i).attr('data-id', id)
                    .attr('transform', 'translate(' + p[0] + ',' + p[1] + ')');
            g.append('rect').attr('x', -22).attr('y', -22).attr('width', 44).attr('height', 44)
                .attr('rx', 6);
            g.append('text').attr('class', 'node-name').attr('y', 40).attr('text-anchor', 'middle')
                .text('s' + (i + 1));
            nodeById[id] = { el: g, x: p[0], y: p[1] };
        });
        topo.links.forEach(function (l) {
            var a = nodeById[l.src],
                b = nodeById[l.dst],
                parts = l.id.split('-');
            var el = linkG.append('line').attr('class', 'link').attr('data-id', l.id)
                .attr('x1', a.x).attr('y1', a.y).attr('x2', b.x).attr('y2', b.y);
            linkById[l.id] = { el: el, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
            reverse[parts[1] + '-' + parts[0]] = l.id;
        });
        harness.labelG = labelG;

        ['topo-p-summary', 'topo-p-detail'].forEach(function (id) {
            var p = d3.select('body').append('div').attr('id', id).attr('class', 'floatpanel topo-panel')
                .style('display', 'none');
            p.append('div').attr('class', 'header');
            p.append('div').attr('class', 'body');
            p.append('div').attr('class', 'footer');
        });
    }

    function findLink(id) {
        return linkById[id] || linkById[reverse[id]];
    }

    // What the topology view does with a showHighlights message from an overlay.
    harness.framework.showHighlights = function (data) {
        d3.selectAll('#topo-links .link').attr('class', 'link');
        harness.labelG.selectAll('*').remove();
        d3.selectAll('#topo-nodes .badge').remove();

        data.links.forEach(function (l) {
            var link = findLink(l.id);
            if (!link) {
                harness.errors.push('highlight for unknown link ' + l.id);
                return;
            }
            link.el.classed(l.css, true);
            if (l.label) {
                var g = harness.labelG.append('g').attr('class', 'linkLabel')
                        .attr('data-link', link.el.attr('data-id'))
                        .attr('transform', 'translate(' + link.x + ',' + link.y + ')'),
                    text = g.append('text').attr('text-anchor', 'middle').attr('dy', '0.3em')
                        .text(l.label),
                    box = text.node().getBBox();
                g.insert('rect', 'text').attr('x', box.x - 3).attr('y', box.y - 1)
                    .attr('width', box.width + 6).attr('height', box.height + 2);
            }
        });
        data.devices.forEach(function (d) {
            var node = nodeById[d.id],
                cls = { i: 'badgeInfo', w: 'badgeWarn', e: 'badgeError' };
            if (!node) {
                harness.errors.push('highlight for unknown device ' + d.id);
                return;
            }
            if (d.badge) {
                var b = node.el.append('g').attr('class', 'badge ' + (cls[d.badge.status] || 'badgeInfo'))
                    .attr('transform', 'translate(22,-22)');
                b.append('circle').attr('r', 10);
                b.append('text').attr('text-anchor', 'middle').attr('dy', '0.35em')
                    .text(d.badge.txt || '');
                if (d.badge.msg) {
                    b.append('title').text(d.badge.msg);
                }
            }
        });
    };

    function fillPanel(id, data) {
        var p = d3.select('#' + id),
            tbody;
        p.select('.header').html('').append('h2').text(data.title);
        tbody = p.select('.body').html('').append('table').append('tbody');
        data.propOrder.forEach(function (k) {
            if (k === '-') {
                tbody.append('tr').attr('class', 'sep').append('td').attr('colspan', 2).append('hr');
                return;
            }
            var tr = tbody.append('tr').attr('data-key', k);
            tr.append('td').attr('class', 'label').text(String(data.propLabels[k]).replace(/_/g, ' ') + ' :');
            tr.append('td').attr('class', 'value').text(data.propValues[k]);
        });
        p.select('.footer').html('').append('div').attr('class', 'actionBtns');
        p.style('display', 'block');
    }

    harness.framework.showSummary = function (data) {
        fillPanel('topo-p-summary', data);
    };

    // What the topology view does with showDetails: fill the panel, then add the buttons the
    // server named, taking overlay buttons from the current overlay.
    harness.framework.showDetails = function (data) {
        fillPanel('topo-p-detail', data);
        harness.injector.get('TopoOverlayService').installButtons(data.buttons || [], data);
    };

    harness.selectOverlay = function (id) {
        harness.injector.get('TopoOverlayService').select(id);
    };

    function bootTopo() {
        fetch('/fixtures/topology.json').then(function (r) { return r.json(); }).then(function (topo) {
            drawTopology(topo);
            harness.ready = true;
        });
    }

    harness.injector = angular.bootstrap(document.getElementById('frame'), ['harnessApp']);
    harness.page = pageName;
    if (pageName === 'topo') {
        bootTopo();
    } else {
        bootView(harness.injector);
    }
}());
