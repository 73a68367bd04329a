/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The FUDP authors */
/*
 * Small stand-ins for the parts of ONOS's legacy GUI framework that the FUDP view and overlay
 * use. They follow the framework's documented behaviour (event names, scope fields, panel and
 * overlay calls) but are not its code: what they draw is only as faithful as this file.
 *
 * window.harness is the test's handle: it records what the JS sends, delivers server messages,
 * and records every field the JS reads from a server payload.
 */
(function () {
    'use strict';

    var harness = window.harness = {
        sent: [],          // {event, payload} the page sent to the "server"
        bound: {},         // event name -> handler, as bound through WebSocketService
        boundEver: {},     // every event name ever bound
        unhandled: [],     // server messages nobody was bound to
        reads: {},         // payload field paths the JS read ("event.a.b[].c")
        nav: [],           // NavService.navTo calls
        overlays: {},      // registered topology overlays by id
        glyphs: {},        // registered glyphs
        keys: {},          // current key bindings
        errors: [],
        replies: {}        // event -> function (payload) returning a message to deliver
    };

    window.addEventListener('error', function (e) {
        harness.errors.push(String(e.message));
    });

    function hasOwn(o, k) {
        return Object.prototype.hasOwnProperty.call(o, k);
    }

    // Wraps a payload so that every own or missing field the page reads is recorded with its
    // path; inherited members (forEach, hasOwnProperty...) and Angular's $$ fields are not.
    var proxies = new WeakMap(),
        // Angular probes every watched object with these to tell windows, DOM nodes and
        // promises apart; they are not reads by FUDP's code.
        angularProbes = { window: 1, children: 1, nodeName: 1, prop: 1, attr: 1, find: 1, then: 1 };

    function track(value, path) {
        var byPath, proxy;
        if (value === null || typeof value !== 'object') {
            return value;
        }
        // One proxy per object and path: Angular's watchers compare by identity.
        byPath = proxies.get(value) || {};
        proxies.set(value, byPath);
        if (byPath[path]) {
            return byPath[path];
        }
        proxy = byPath[path] = new Proxy(value, {
            get: function (target, key, receiver) {
                var v = Reflect.get(target, key, receiver);
                if (typeof key !== 'string' || key.indexOf('$$') === 0 || key === 'toJSON'
                        || (angularProbes[key] && !hasOwn(target, key))) {
                    return v;
                }
                if (Array.isArray(target)) {
                    return /^\d+$/.test(key) ? track(v, path + '[]') : v;
                }
                if (!hasOwn(target, key) && key in target) {
                    return v;
                }
                harness.reads[path + '.' + key] = true;
                return track(v, path + '.' + key);
            }
        });
        return proxy;
    }
    harness.track = track;

    var wsHandlers = {};

    harness.deliver = function (message) {
        var h = wsHandlers[message.event];
        if (h) {
            h(track(message.payload, message.event));
        } else if (harness.framework[message.event]) {
            harness.framework[message.event](message.payload);
        } else {
            harness.unhandled.push(message.event);
        }
    };

    // Framework-side consumers of server events (what the topology view does with them).
    harness.framework = {};

    var mod = angular.module('fudpHarness', []);

    mod.factory('FnService', [function () {
        function isF(f) { return typeof f === 'function' ? f : null; }
        function isA(a) { return Array.isArray(a) && a.length > 0 ? a : null; }
        function isO(o) { return (o && typeof o === 'object' && !Array.isArray(o)) ? o : null; }
        return {
            isF: isF,
            isA: isA,
            isO: isO,
            isS: function (s) { return typeof s === 'string' ? s : null; },
            isEmptyObject: function (o) {
                if (!o) {
                    return true;
                }
                for (var k in o) {
                    if (hasOwn(o, k)) {
                        return false;
                    }
                }
                return true;
            },
            debugOn: function () { return false; }
        };
    }]);

    mod.factory('WebSocketService', ['$timeout', function ($timeout) {
        return {
            isConnected: function () { return true; },
            bindHandlers: function (map) {
                angular.forEach(map, function (fn, event) {
                    if (wsHandlers[event]) {
                        harness.errors.push('handler bound twice: ' + event);
                    }
                    wsHandlers[event] = fn;
                    harness.bound[event] = true;
                    harness.boundEver[event] = true;
                });
            },
            unbindHandlers: function (map) {
                angular.forEach(map, function (fn, event) {
                    delete wsHandlers[event];
                    delete harness.bound[event];
                });
            },
            sendEvent: function (event, payload) {
                var p = payload || {};
                harness.sent.push({ event: event, payload: JSON.parse(JSON.stringify(p)) });
                var reply = harness.replies[event];
                if (reply) {
                    // The server answers asynchronously, outside Angular's digest.
                    setTimeout(function () {
                        var msg = reply(p);
                        if (msg) {
                            harness.deliver(msg);
                        }
                    }, 0);
                }
            }
        };
    }]);

    mod.factory('LoadingService', [function () {
        var waiting = false;
        return {
            start: function () { waiting = true; },
            stop: function () { waiting = false; },
            waiting: function () { return waiting; }
        };
    }]);

    // Follows the framework's table builder contract: request "<tag>DataRequest" with the sort
    // parameters, rows from "<tag>DataResponse"[tag + 's'], annots, selId toggling, refresh.
    mod.factory('TableBuilderService', ['$interval', 'WebSocketService', 'LoadingService',
        function ($interval, wss, ls) {
            return {
                buildTable: function (o) {
                    var root = o.tag + 's',
                        req = o.tag + 'DataRequest',
                        resp = o.tag + 'DataResponse',
                        idKey = o.idKey || 'id',
                        handlers = {},
                        promise;

                    o.scope.tableData = [];
                    o.scope.sortParams = o.sortParams || {};
                    o.scope.autoRefresh = true;
                    o.scope.autoRefreshTip = 'Toggle auto refresh';

                    handlers[resp] = function (data) {
                        ls.stop();
                        o.scope.tableData = data[root];
                        o.scope.annots = data.annots;
                        o.respCb && o.respCb();
                        o.scope.$apply();
                    };
                    wss.bindHandlers(handlers);

                    function request() {
                        wss.sendEvent(req, angular.extend({}, o.scope.sortParams,
                            o.scope.payloadParams || {}, o.query || {}));
                        ls.start();
                    }
                    o.scope.sortCallback = request;
                    o.scope.selectCallback = function ($event, row) {
                        var id = row[idKey];
                        o.scope.selId = (o.scope.selId === id) ? null : id;
                        o.selCb && o.selCb($event, row);
                    };
                    o.scope.toggleRefresh = function () {
                        o.scope.autoRefresh = !o.scope.autoRefresh;
                    };
                    o.scope.$on('$destroy', function () {
                        wss.unbindHandlers(handlers);
                        $interval.cancel(promise);
                    });
                    request();
                    promise = $interval(function () {
                        if (o.scope.autoRefresh && !ls.waiting()) {
                            request();
                        }
                    }, 2000);
                    return { forceRefresh: request };
                }
            };
        }]);

    // Floating panels: a fixed div on the right, as the framework's PanelService makes.
    mod.factory('PanelService', [function () {
        var panels = {};
        return {
            createPanel: function (id, opts) {
                var div = d3.select('body').append('div')
                        .attr('id', id).attr('class', 'floatpanel')
                        .style('width', (opts && opts.width || 200) + 'px'),
                    on = false;
                var p = {
                    show: function () { on = true; div.style('display', 'block'); },
                    hide: function () { on = false; div.style('display', 'none'); },
                    empty: function () { div.html(''); },
                    append: function (what) { return div.append(what); },
                    isVisible: function () { return on; },
                    el: function () { return div; },
                    width: function () { return opts.width; }
                };
                panels[id] = p;
                return p;
            },
            destroyPanel: function (id) {
                d3.select('#' + id).remove();
                delete panels[id];
            }
        };
    }]);

    mod.factory('KeyService', [function () {
        document.addEventListener('keydown', function (e) {
            var k = e.key === 'Escape' ? 'esc' : e.key,
                b = harness.keys[k];
            if (b) {
                (Array.isArray(b) ? b[0] : b.cb)();
            }
        });
        return {
            keyBindings: function (map) { harness.keys = map; },
            gestureNotes: function () {},
            unbindKeys: function () { harness.keys = {}; }
        };
    }]);

    mod.factory('NavService', [function () {
        return {
            navTo: function (path, params) {
                harness.nav.push({ path: path, params: params === undefined ? null : params });
            }
        };
    }]);

    mod.factory('GlyphService', [function () {
        return {
            registerGlyphs: function (data) {
                angular.extend(harness.glyphs, data);
            },
            addGlyph: function (svg, id, size) {
                svg.attr('width', size).attr('height', size)
                    .attr('viewBox', harness.glyphs['_' + id] || '0 0 110 110')
                    .attr('data-glyph', id)
                    .append('path').attr('d', harness.glyphs[id] || '');
            }
        };
    }]);

    // The topology view's overlay service: registration, overlay selection, highlights,
    // details panel and its buttons, drawn on the small topology boot.js builds.
    mod.factory('TopoOverlayService', ['WebSocketService', 'GlyphService',
        function (wss, gs) {
            var current = null;

            function register(o) {
                var data = {};
                if (!o || !o.overlayId) {
                    harness.errors.push('overlay without overlayId');
                    return;
                }
                harness.overlays[o.overlayId] = o;
                angular.forEach(o.glyphs || {}, function (g, key) {
                    data['_' + o.overlayId + '-' + key] = g.vb;
                    data[o.overlayId + '-' + key] = g.d;
                });
                gs.registerGlyphs(data);
            }

            function glyphId(o, gid) {
                return gid && gid[0] === '*' ? o.overlayId + '-' + gid.slice(1) : gid;
            }

            function select(id) {
                var payload = {};
                if (current && current.overlayId === id) {
                    return;
                }
                if (current) {
                    current.deactivate();
                    payload.deactivate = current.overlayId;
                }
                current = harness.overlays[id] || null;
                if (current) {
                    current.activate();
                    payload.activate = id;
                }
                wss.sendEvent('topoSelectOverlay', payload);
            }

            function installButtons(ids, data) {
                var bar = d3.select('#topo-p-detail .actionBtns');
                ids.forEach(function (id) {
                    var b = current && current.buttons && current.buttons[id];
                    if (!b) {
                        return;
                    }
                    var div = bar.append('div').attr('class', 'actionBtn')
                        .attr('id', 'topo-p-detail-' + current.overlayId + '-' + id)
                        .attr('title', b.tt)
                        .on('click', function () { b.cb(track(data, 'showDetails')); });
                    gs.addGlyph(div.append('svg'), glyphId(current, b.gid), 25);
                });
            }

            return {
                register: register,
                select: select,
                current: function () { return current; },
                glyphId: glyphId,
                installButtons: installButtons
            };
        }]);

    harness.rawMessages = [];
}());
