// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
// What both browser suites (gui.test.mjs: the legacy view and overlay; page.test.mjs: the FUDP
// page) share: the recorded fixtures, Debian's chromium, screenshots, and small readers.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fixtures, webGui } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = path.join(webGui, 'target/screenshots');
const docShots = path.resolve(webGui, '../docs/img/gui');

/**
 * Reads a fixture that the Java tests recorded during mvn verify.
 * @param {string} name path below app/target/gui-fixtures, without .json
 * @returns {object} the JSON
 */
export function fixture(name) {
    const file = path.join(fixtures, name + '.json');
    if (!fs.existsSync(file)) {
        throw new Error(`missing ${file}: run "mvn -pl app -am verify" first (the Java tests record it)`);
    }
    return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Starts chromium headless. */
export async function launch() {
    fs.mkdirSync(shots, { recursive: true });
    return chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
}

/**
 * Opens a page, in a context of its own, that records uncaught errors and console errors in
 * page.consoleErrors.
 * @param {object} browser chromium
 * @param {string} url what to load
 * @param {object} options init: a function to run in the page before its scripts;
 *     httpErrorsExpected: leave out the console's "Failed to load resource" lines
 */
export async function newPage(browser, url, options = {}) {
    const context = await browser.newContext({ viewport: { width: 1280, height: options.height || 760 } });
    if (options.init) {
        await context.addInitScript(options.init);
    }
    const page = await context.newPage();
    const consoleErrors = [];
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    page.on('console', (m) => {
        if (m.type() === 'error' && !(options.httpErrorsExpected && m.text().startsWith('Failed to load resource'))) {
            consoleErrors.push(m.text());
        }
    });
    page.consoleErrors = consoleErrors;
    await page.goto(url);
    return page;
}

/**
 * Takes a screenshot into web-gui/target/screenshots/, and into docs/img/gui/ when
 * FUDP_UPDATE_SCREENSHOTS=1.
 */
export async function shot(page, name, options = {}) {
    const file = path.join(shots, name + '.png');
    if (options.selector) {
        await page.locator(options.selector).screenshot({ path: file });
    } else {
        await page.screenshot({ path: file, fullPage: Boolean(options.fullPage) });
    }
    if (process.env.FUDP_UPDATE_SCREENSHOTS === '1') {
        fs.mkdirSync(docShots, { recursive: true });
        fs.copyFileSync(file, path.join(docShots, name + '.png'));
    }
}

/** '#009E73' as getComputedStyle reports it. */
export const rgb = (hex) => {
    const n = parseInt(hex.slice(1), 16);
    return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The state colours of fudp.css. */
export const FAIR = rgb('#009E73');
export const ADJUSTING = rgb('#E69F00');
export const NOT_ENFORCED = rgb('#B00020');
export const NO_AGENT = rgb('#D55E00');
export const NO_UDP = rgb('#888888');

/** The trimmed texts of each matching row's cells. */
export async function cellTexts(page, rowSelector) {
    return page.$$eval(rowSelector, (rows) => rows.map((r) =>
        Array.from(r.querySelectorAll('td')).map((td) => td.textContent.trim())));
}

/** Every path of fields in a JSON value, as "prefix.a.b[].c". */
export function paths(node, prefix, out) {
    if (Array.isArray(node)) {
        node.forEach((v) => paths(v, prefix + '[]', out));
    } else if (node && typeof node === 'object') {
        Object.entries(node).forEach(([k, v]) => {
            out.add(prefix + '.' + k);
            paths(v, prefix + '.' + k, out);
        });
    }
    return out;
}
