// Serves the FUDP view files the way ONOS's legacy GUI does: the extension's fudp/css.html and
// fudp/js.html are pasted into the page (as the GUI's index.html does with every extension's),
// so a file they name that does not exist fails the test; view files are served under
// app/view/<id>/. The framework itself is replaced by standins.js.
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
    const roots = [
        ['/harness/', here],
        ['/fixtures/', fixtures],
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

/**
 * Starts the harness server on a free loopback port.
 * @returns {Promise<{url: string, close: function, missing: string[]}>}
 */
export function start() {
    const missing = [];
    const server = http.createServer((req, res) => {
        const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
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
                close: () => new Promise((done) => server.close(done)),
            });
        });
    });
}
