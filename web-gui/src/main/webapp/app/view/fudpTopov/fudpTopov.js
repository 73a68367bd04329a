/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * FUDP topology overlay for ONOS's legacy GUI.
 *
 * Selecting the overlay asks the server (org.fudp.gui.FudpTopoMessageHandler) for highlights:
 * bottleneck links labelled "util 87% · J 0.98" and coloured by control state, facility
 * switches badged with the number of limited UDP flows (blue: agent up, red: down, amber:
 * never heard from). The details panel of a selected facility or bottleneck link is filled on
 * the server (FudpTopoOverlay); its button opens the FUDP view on that flow set.
 */
(function () {
    'use strict';

    // injected refs
    var $log, wss, ns;

    // constants; must match FudpTopoOverlay and FudpTopoMessageHandler
    var overlayId = 'fudp-overlay',
        topoStart = 'fudpTopoStart',
        topoStop = 'fudpTopoStop',
        cfsKey = 'fudp-cfs',
        viewId = 'fudp';

    function showCfs(data) {
        var values = data && data.propValues,
            cfs = values && values[cfsKey];
        ns.navTo(viewId, cfs ? { cfs: cfs } : undefined);
    }

    var overlay = {
        overlayId: overlayId,
        glyphId: '*fudp',
        tooltip: 'FUDP: UDP fairness at bottlenecks',

        // Three equal bars: every flow gets its fair share.
        glyphs: {
            fudp: {
                vb: '0 0 110 110',
                d: 'M18,90h18v-56h-18z M46,90h18v-56h-18z M74,90h18v-56h-18z M12,20h86v6h-86z'
            }
        },

        activate: function () {
            wss.sendEvent(topoStart);
            $log.debug('FUDP overlay activated');
        },
        deactivate: function () {
            wss.sendEvent(topoStop);
            $log.debug('FUDP overlay deactivated');
        },

        // details panel buttons, named by FudpTopoOverlay.SHOW_CFS_BUTTON
        buttons: {
            fudpShowCfs: {
                gid: '*fudp',
                tt: 'Show this flow set in the FUDP view',
                cb: showCfs
            }
        },

        keyBindings: {
            V: {
                cb: function () { ns.navTo(viewId); },
                tt: 'Open the FUDP view',
                gid: '*fudp'
            },
            _keyOrder: ['V']
        }
    };

    angular.module('ovFudpTopov', [])
        .run(['$log', 'TopoOverlayService', 'WebSocketService', 'NavService',

            function (_$log_, tov, _wss_, _ns_) {
                $log = _$log_;
                wss = _wss_;
                ns = _ns_;
                tov.register(overlay);
            }]);
}());
