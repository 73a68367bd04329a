/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * FUDP view for ONOS's legacy GUI: a table of correlation flow sets (CFSs); selecting one opens
 * a panel with its flows (demand, rate, allocation, a UDP flow's class by its responsiveness test with
 * what the test found as its tooltip) and a live chart of per-flow rates and Jain's index, redrawn from
 * the app's history while the panel stays open.
 *
 * Server side: org.fudp.gui.FudpViewMessageHandler.
 */
(function () {
    'use strict';

    // injected refs
    var $log, $scope, $interval, fs, wss;

    // constants; event names must match FudpViewMessageHandler
    var tableTag = 'fudpCfs',
        detailsReq = 'fudpCfsDetailsRequest',
        detailsResp = 'fudpCfsDetailsResponse',
        pName = 'fudp-cfs-details-panel',
        refreshMs = 2000,
        // Wide enough for a flow's six columns, the reason wrapping, beside the table's first columns.
        panelWidth = 760;

    // state
    var refreshPromise = null;

    function requestDetails(id) {
        wss.sendEvent(detailsReq, { id: id });
    }

    function startDetailsRefresh() {
        stopDetailsRefresh();
        refreshPromise = $interval(function () {
            if ($scope.selId) {
                requestDetails($scope.selId);
            }
        }, refreshMs);
    }

    function stopDetailsRefresh() {
        if (refreshPromise) {
            $interval.cancel(refreshPromise);
            refreshPromise = null;
        }
    }

    function respDetailsCb(data) {
        // A late answer for a set the operator has since deselected must not reopen the panel.
        if (!$scope.selId || data.id !== $scope.selId) {
            return;
        }
        $scope.panelDetails = data;
        $scope.$apply();
    }

    // === details panel content

    function addRow(tbody, label, value, cls) {
        var tr = tbody.append('tr');
        tr.append('td').attr('class', 'label').text(label);
        tr.append('td').attr('class', 'value' + (cls ? ' ' + cls : '')).text(value);
    }

    function populatePanel(panel, d) {
        var head = panel.append('div').classed('fudp-panel-head', true),
            c = d.cfs,
            summary, flows, thead, tbody, chartDiv;

        head.append('h2').text(d.id);
        if (!d.found) {
            panel.append('p').classed('fudp-gone', true)
                .text('This flow set is gone: its flows idled out or the bottleneck config changed.');
            return;
        }
        head.append('span').attr('class', 'fudp-state fudp-' + c.stateCss).attr('title', c.stateReason)
            .text(c.state);

        summary = panel.append('table').classed('fudp-summary', true).append('tbody');
        // Why the set is in its state, when there is more to say (a limit not in force, no agent).
        if (c.stateReason) {
            addRow(summary, 'Why', c.stateReason, 'fudp-why');
        }
        addRow(summary, 'Bottleneck', c.bottleneck || 'n/a');
        addRow(summary, 'Capacity', c.capacity);
        addRow(summary, 'Utilization', c.utilization);
        addRow(summary, 'Jain index', c.jain);
        if (c.tcpEvidence) {
            addRow(summary, 'TCP counted', c.tcpEvidence, 'fudp-tcp-evidence');
        }
        if (c.responsiveUdp) {
            addRow(summary, 'Responsive UDP', c.responsiveUdp, 'fudp-responsive-udp');
        }
        if (c.principals) {
            addRow(summary, 'UDP principals', c.principals, 'fudp-principals');
        }
        if (c.tcpFloor) {
            addRow(summary, 'TCP floor', c.tcpFloor, 'fudp-tcp-floor');
        }
        if (c.units) {
            addRow(summary, 'Limited as a unit', c.units, 'fudp-units');
        }
        addRow(summary, 'TCP rate', c.tcpRate);
        addRow(summary, 'UDP rate / demand', c.udpRate + ' / ' + c.udpDemand);
        if (d.decision) {
            addRow(summary, 'Last decision', 'period ' + d.decision.period + ': ' + d.decision.reason);
            addRow(summary, 'Fairness band', d.decision.band);
        }

        panel.append('h3').text('Flows');
        flows = panel.append('table').classed('fudp-flows', true);
        thead = flows.append('thead').append('tr');
        ['Flow', 'Demand', 'Rate', 'Allocation', 'Responsiveness', 'Why'].forEach(function (h) {
            thead.append('th').text(h);
        });
        tbody = flows.append('tbody');
        d.flows.forEach(function (f) {
            var tr = tbody.append('tr')
                .attr('class', 'fudp-flow fudp-' + f.protocol + (f.limited ? ' fudp-limited' : ''));
            tr.append('td').attr('class', 'fudp-flow-id').text(f.id);
            tr.append('td').text(f.demand);
            tr.append('td').text(f.rate);
            tr.append('td').text(f.allocation)
                .append('span').classed('fudp-pending', true)
                .attr('title', 'Told to the adjustor, not yet acknowledged')
                .text(f.pending ? ' (pending)' : '');
            // A UDP flow's class by its responsiveness test, what the test found as its tooltip; "" for TCP.
            tr.append('td').attr('class', 'fudp-responsiveness' + (f.responsiveness ? ' fudp-resp-' + f.responsiveness
                : '')).attr('title', f.responsiveEvidence || null).text(f.responsiveness);
            tr.append('td').attr('class', 'fudp-why').text(f.why);
        });

        panel.append('h3').text('Rates and Jain index, last ' +
            Math.round(d.chart.windowS / 60) + ' minutes');
        chartDiv = panel.append('div').classed('fudp-chart', true);
        // fudpChart.js, shared with the standalone page, draws into a plain DOM element.
        window.fudpChart.draw(chartDiv.node(), d.chart, { width: panelWidth - 40, height: 220 });
    }

    angular.module('ovFudp', [])
        .controller('OvFudpCtrl',
        ['$log', '$scope', '$location', '$interval', 'TableBuilderService',
            'FnService', 'WebSocketService',

            function (_$log_, _$scope_, $location, _$interval_, tbs, _fs_, _wss_) {
                var handlers = {},
                    query = $location.search() || {};

                $log = _$log_;
                $scope = _$scope_;
                $interval = _$interval_;
                fs = _fs_;
                wss = _wss_;
                $scope.panelDetails = {};

                handlers[detailsResp] = respDetailsCb;
                wss.bindHandlers(handlers);

                function selCb($event, row) {
                    if ($scope.selId) {
                        requestDetails(row.id);
                        startDetailsRefresh();
                    } else {
                        stopDetailsRefresh();
                        $scope.hidePanel && $scope.hidePanel();
                    }
                }

                tbs.buildTable({
                    scope: $scope,
                    tag: tableTag,
                    selCb: selCb
                });

                // Opened from the topology overlay's button: select that set straight away.
                if (query.cfs) {
                    $scope.selId = query.cfs;
                    requestDetails(query.cfs);
                    startDetailsRefresh();
                }

                $scope.$on('$destroy', function () {
                    stopDetailsRefresh();
                    wss.unbindHandlers(handlers);
                });
                $log.debug('OvFudpCtrl has been created');
            }])

        .directive('ovFudpCfsDetailsPanel', ['PanelService', 'KeyService',
            function (ps, ks) {
                return {
                    restrict: 'E',
                    link: function (scope) {
                        var panel = ps.createPanel(pName, {
                            width: panelWidth,
                            margin: 20,
                            hideMargin: 0
                        });
                        panel.hide();
                        scope.hidePanel = function () {
                            panel.hide();
                        };

                        function closePanel() {
                            if (panel.isVisible()) {
                                scope.selId = null;
                                stopDetailsRefresh();
                                panel.hide();
                                // Key handlers run outside Angular's digest: without one the table
                                // kept the row selected until its next refresh, up to 2 s later.
                                scope.$applyAsync();
                                return true;
                            }
                            return false;
                        }

                        ks.keyBindings({
                            esc: [closePanel, 'Close the details panel'],
                            _helpFormat: ['esc']
                        });
                        ks.gestureNotes([
                            ['click', 'Select a flow set to see its flows and chart']
                        ]);

                        scope.$watch('panelDetails', function () {
                            if (!fs.isEmptyObject(scope.panelDetails) && scope.selId) {
                                panel.empty();
                                populatePanel(panel, scope.panelDetails);
                                panel.show();
                            }
                        });

                        scope.$on('$destroy', function () {
                            ks.unbindKeys();
                            ps.destroyPanel(pName);
                        });
                    }
                };
            }]);
}());
