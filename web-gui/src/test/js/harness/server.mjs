// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
// Serves the FUDP view files the way ONOS's legacy GUI does: the extension's fudp/css.html and
// fudp/js.html are pasted into the page (as the GUI's index.html does with every extension's),
// so a file they name that does not exist fails the test; view files are served under
// app/view/<id>/. The framework itself is replaced by standins.js.
//
// Also serves the FUDP page as ONOS would under the app's web context: /onos/fudp/ui/<file> from
// the view's folder (where PageWebResource reads it in the bundle), and /onos/fudp/<path> from
// the REST answers PageFixturesTest recorded (app/target/gui-fixtures/rest/).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webGui = path.resolve(here, '../../../..');
export const webapp = path.join(webGui, 'src/main/webapp');
export const fixtures = process.env.FUDP_GUI_FIXTURES
    || path.resolve(webGui, '../app/target/gui-fixtures');

const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
};

const routes = [
    ['/vendor/angular.js', path.join(webGui, 'node_modules/angular/angular.js')],
    ['/vendor/d3.js', path.join(webGui, 'node_modules/d3/d3.js')],
];

function page() {
    const css = fs.readFileSync(path.join(webapp, 'fudp/css.html'), 'utf8');
    const js = fs.readFileSync(path.join(webapp, 'fudp/js.html'), 'utf8');
    return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>FUDP GUI harness</title>
<script src="/vendor/angular.js"></script>
<script src="/vendor/d3.js"></script>
<script src="/harness/standins.js"></script>
<!-- contributed javascript (fudp/js.html) -->
${js}
<!-- contributed stylesheets (fudp/css.html) -->
${css}
<link rel="stylesheet" href="/harness/framework.css">
</head>
<body class="light">
<div id="frame"></div>
<script src="/harness/boot.js"></script>
</body>
</html>`;
}

function resolve(urlPath) {
    for (const [prefix, file] of routes) {
        if (urlPath === prefix) {
            return file;
        }
    }
    if (urlPath === context + 'ui/') {
        return path.join(webapp, 'app/view/fudp/fudpPage.html');
    }
    const roots = [
        ['/harness/', here],
        ['/fixtures/', fixtures],
        [context + 'ui/', path.join(webapp, 'app/view/fudp')],
        ['/', webapp],
    ];
    for (const [prefix, root] of roots) {
        if (urlPath.startsWith(prefix)) {
            const file = path.resolve(root, '.' + urlPath.slice(prefix.length - 1));
            if (file.startsWith(root + path.sep)) {
                return file;
            }
        }
    }
    return null;
}

const context = '/onos/fudp/';

/**
 * Answers a REST request of the FUDP page: with an override the test set (a JSON value, or a
 * status number), else with the recorded answer; history?cfs=<id> reads history-<id>.json.
 */
function restAnswer(url, rest, res) {
    let key = url.pathname.slice(context.length);
    if (key === 'history' && url.searchParams.has('cfs')) {
        key = 'history-' + url.searchParams.get('cfs').replace(/[^A-Za-z0-9]+/g, '_');
    }
    rest.log.push({ key, atMs: Date.now() });
    let body = rest.overrides[key];
    if (body === undefined) {
        const file = path.join(fixtures, rest.folder, key + '.json');
        body = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : 404;
    }
    if (typeof body === 'number') {
        res.writeHead(body, { 'content-type': types['.json'] });
        res.end(JSON.stringify({ code: body, message: 'status ' + body + ' set by the test' }));
        return;
    }
    res.writeHead(200, { 'content-type': types['.json'] });
    res.end(JSON.stringify(body));
}

/**
 * Starts the harness server on a free loopback port.
 * @returns {Promise<{url: string, close: function, missing: string[], rest: object}>} rest:
 *     {folder, overrides, log} for the FUDP page's REST answers
 */
export function start() {
    const missing = [];
    const rest = { folder: 'rest', overrides: {}, log: [] };
    const server = http.createServer((req, res) => {
        const url = new URL(req.url, 'http://x');
        const urlPath = decodeURIComponent(url.pathname);
        if (urlPath.startsWith(context) && !urlPath.startsWith(context + 'ui/')) {
            restAnswer(url, rest, res);
            return;
        }
        if (urlPath === '/' || urlPath === '/index.html') {
            res.writeHead(200, { 'content-type': types['.html'] });
            res.end(page());
            return;
        }
        const file = resolve(urlPath);
        if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
            missing.push(urlPath);
            res.writeHead(404);
            res.end('not found: ' + urlPath);
            return;
        }
        res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
        fs.createReadStream(file).pipe(res);
    });
    return new Promise((ok) => {
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            ok({
                url: `http://127.0.0.1:${port}/`,
                missing,
                rest,
                close: () => new Promise((done) => server.close(done)),
            });
        });
    });
}
