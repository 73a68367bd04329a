// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
// Browser tests of the FUDP page (/onos/fudp/ui/, for GUI2 users): the real page files, served
// under the app's web context with the REST answers that the real Jersey resources and codecs
// gave for the GUI scenario (recorded by PageFixturesTest during mvn verify), in Debian's
// chromium driven by playwright-core. The legacy view's recordings of the same scenario
// (FudpGuiHandlersTest) say what the page must show, so the two GUIs cannot drift apart.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './harness/server.mjs';
import {
    fixture, launch, newPage, shot, cellTexts, paths, FAIR, ADJUSTING, NOT_ENFORCED, NO_AGENT, NO_UDP,
} from './harness/browser.mjs';

let server;
let browser;
const reads = new Set();

before(async () => {
    fixture('rest/cfs');
    server = await start();
    browser = await launch();
});

after(async () => {
    await browser?.close();
    await server?.close();
});

beforeEach(() => {
    server.rest.folder = 'rest';
    server.rest.overrides = {};
    server.rest.log.length = 0;
});

// Wraps every JSON answer the page reads in a proxy that records the fields it reads, and those
// it asks for that the answer does not have (a misspelt field would otherwise show as n/a).
function recordReads() {
    window.fudpReads = { seen: {}, missing: {} };
    const json = Response.prototype.json;
    function wrap(value, where) {
        if (value === null || typeof value !== 'object') {
            return value;
        }
        return new Proxy(value, {
            get(target, key) {
                // Symbols, array methods and a promise's probe for "then" are not field reads.
                if (typeof key !== 'string' || (Array.isArray(target) && !/^\d+$/.test(key))
                    || (!Object.prototype.hasOwnProperty.call(target, key) && key in target) || key === 'then') {
                    return Reflect.get(target, key);
                }
                if (Array.isArray(target)) {
                    return wrap(target[key], where + '[]');
                }
                const at = where + '.' + key;
                (key in target ? window.fudpReads.seen : window.fudpReads.missing)[at] = true;
                return wrap(target[key], at);
            },
        });
    }
    Response.prototype.json = function () {
        const where = new URL(this.url).pathname.replace('/onos/fudp/', '');
        return json.call(this).then((v) => wrap(v, where));
    };
}

// A 404 (a set that is gone) and a 401 are part of the tests: the console's lines for them are
// not errors of the page. The window is 1280 px wide (newPage), and 900 px high unless told.
async function open(hash = '', height = 900) {
    const page = await newPage(browser, `${server.url}onos/fudp/ui/${hash}`,
        { init: recordReads, height, httpErrorsExpected: true });
    await page.waitForFunction(() => /updated|cannot read/.test(document.getElementById('fudp-status').textContent));
    return page;
}

async function finish(page) {
    const r = await page.evaluate(() => window.fudpReads);
    assert.deepEqual(Object.keys(r.missing), [], 'fields the page reads that the REST answers lack');
    Object.keys(r.seen).forEach((k) => reads.add(k));
    assert.deepEqual(page.consoleErrors, [], 'browser errors');
    const missing = server.missing.splice(0);
    assert.deepEqual(missing, [], 'files the page asked for but do not exist');
    await page.context().close();
}

// The legacy view's table row (FudpGuiHandlersTest's recording) as the page's cells.
const legacyRow = (r) => [r.id, r.bottleneck, r.capacity, r.utilization, r.jain, r.tcp, r.udp, r.responsive, r.limited,
    r.state];

test('page: the table shows every set as the legacy view does, with coloured states', async () => {
    const page = await open();
    const rows = await cellTexts(page, '#fudp-cfs tr.fudp-cfs-row');
    assert.deepEqual(rows, fixture('cfs-table').payload.fudpCfss.map(legacyRow));
    assert.equal(await page.textContent('#fudp-cfs-count'), '(5 total)');
    const colours = await page.$$eval('#fudp-cfs .fudp-state', (els) => Object.fromEntries(
        els.map((e) => [e.textContent, getComputedStyle(e).backgroundColor])));
    assert.deepEqual(colours, { fair: FAIR, adjusting: ADJUSTING, 'not enforced': NOT_ENFORCED, 'no agent': NO_AGENT,
        'no UDP': NO_UDP });
    assert.equal(await page.isVisible('#fudp-details'), false, 'no set selected yet');
    await finish(page);
});

test('page: the control warning, the allocations and the agents with why they are not working', async () => {
    const page = await open();
    const control = fixture('rest/control');
    assert.deepEqual(await page.$$eval('#fudp-warnings li.fudp-warning', (li) => li.map((e) => e.textContent)),
        control.warnings);
    assert.match(await page.textContent('#fudp-loop'), /^Control loop on, period 1000 ms, 150 periods run/);

    assert.deepEqual(await cellTexts(page, '#fudp-agents tbody tr'), [
        ['of:0000000000000001', 'up', '2023-11-14T22:13:19.600Z', '42 / 42', 'none', '-'],
        ['of:0000000000000005', 'down', '2023-11-14T22:13:11Z', '42 / 40', 'none', 'silent for more than 15000 ms'],
        ['of:0000000000000006', 'not heard from', 'never', '42 / 40', 'none', '-'],
    ]);
    assert.equal(await page.$eval('#fudp-agents tr.fudp-agent-down td.fudp-agent-state',
        (e) => getComputedStyle(e).color), NO_AGENT);

    const allocations = await cellTexts(page, '#fudp-allocations tbody tr');
    assert.deepEqual(allocations.map((r) => [r[0], r[3], r[5]]), [
        ['udp-10.0.0.1-5001-10.0.0.4-6001', '300.0 Mb/s', 'yes'],
        ['udp-10.0.0.1-5002-10.0.0.3-6002', '330.0 Mb/s', 'not yet'],
        ['udp-10.0.0.2-5003-10.0.0.3-6003', '330.0 Mb/s', 'not yet'],
        ['udp-10.0.0.2-5008-10.0.6.6-6008', '50.0 Mb/s', 'not yet'],
    ]);
    await finish(page);
});

// The warning colours of fudpPage.css: amber text, a light amber row.
const REFUSED_TEXT = 'rgb(179, 107, 0)';
const REFUSED_ROW = 'rgb(255, 244, 224)';

test('page: each facility names the instance in charge and its rules; a refusal is in the warning colour',
    async () => {
        const page = await open();
        const agents = fixture('rest/agents').agents;
        const s1 = agents[0].collection;
        assert.equal(s1.ruleCap, s1.rulesInUse, 'the scenario\'s s1 holds as many rules as its switch took');
        assert.deepEqual(await cellTexts(page, '#fudp-facilities tbody tr'), [
            ['of:0000000000000001', 'onos-1', '2023-11-14T22:03:20Z', '1699999400000',
                `${s1.rulesInUse} / ${s1.rulesInUse} / 1000`, '200', 'paused after a refusal 2',
                '1: the switch refused the flow-mod (a full table, or a match or action it does not take) '
                + '(learning paused until 2023-11-14T22:13:23Z)'],
            ['of:0000000000000005', 'onos-2', '2023-11-14T22:11:20Z', '1699999880000', '2 / 1000 / 1000', '200', 'none',
                'none'],
            ['of:0000000000000006', 'onos-1', '2023-11-14T22:03:20Z', '1699999400000', '0 / 1000 / 1000', '200', 'none',
                'none'],
        ]);
        const style = (sel) => page.$eval(sel, (e) => ({ color: getComputedStyle(e).color,
            background: getComputedStyle(e).backgroundColor, weight: getComputedStyle(e).fontWeight }));
        assert.equal(await page.locator('#fudp-facilities tr.fudp-refused').count(), 1);
        assert.deepEqual(await style('#fudp-facilities tr.fudp-refused td.fudp-refusals'),
            { color: REFUSED_TEXT, background: REFUSED_ROW, weight: '700' });
        const calm = await style('#fudp-facilities tr:not(.fudp-refused) td.fudp-refusals');
        assert.notEqual(calm.color, REFUSED_TEXT);
        assert.notEqual(calm.background, REFUSED_ROW);

        // A facility whose controller has not published its view yet.
        server.rest.overrides.agents = { agents: agents.map((a) => (a.facility === 'of:0000000000000006'
            ? { ...a, controller: null, collection: null } : a)) };
        await page.waitForFunction(() => /not published yet/.test(document.getElementById('fudp-facilities')
            .textContent), null, { timeout: 3000 });
        assert.deepEqual((await cellTexts(page, '#fudp-facilities tbody tr'))[2],
            ['of:0000000000000006', 'not published yet', '-', '-', '-', '-', '-', '-']);

        // A sampled facility says from which rate its switch's samples give a flow rules of its own.
        server.rest.overrides.agents = { agents: agents.map((a) => (a.facility === 'of:0000000000000005'
            ? { ...a, collection: { ...a.collection, heavyBps: 1000000, aggregates: 2 } } : a)) };
        await page.waitForFunction(() => /sampled/.test(document.getElementById('fudp-facilities').textContent),
            null, { timeout: 3000 });
        assert.equal((await cellTexts(page, '#fudp-facilities tbody tr'))[1][5],
            '200 (sampled: flows from 1.0 Mb/s; 2 aggregates)');
        await finish(page);
    });

test('page: a facility whose switch meters the flows shows its meters and the flows it refused', async () => {
    const agents = fixture('rest/agents').agents;
    server.rest.overrides.agents = { agents: [...agents, {
        ...agents[0], facility: 'of:0000000000000009', enforcement: 'METER', status: 'UP', lastHeartbeatMs: 0,
        lastSentSeq: 4, lastAckedSeq: 4, rejectedFrames: {}, unmetered: 1,
        reason: '1 flow(s) counted but unlimited; the switch refused udp-10.0.0.9-5009-10.0.0.4-6009 a meter: '
            + 'OUT_OF_METERS' }] };
    const allocations = fixture('rest/allocations').allocations;
    server.rest.overrides.allocations = { allocations: [...allocations, {
        ...allocations[0], flow: 'udp-10.0.0.9-5009-10.0.0.4-6009', facility: 'of:0000000000000009',
        acknowledged: false, refusal: 'OUT_OF_METERS' }] };
    const page = await open();
    const rows = await cellTexts(page, '#fudp-agents tbody tr');
    assert.deepEqual(rows[rows.length - 1], ['of:0000000000000009', 'meters', '-', '4 / 4', '1 unmetered',
        '1 flow(s) counted but unlimited; the switch refused udp-10.0.0.9-5009-10.0.0.4-6009 a meter: OUT_OF_METERS']);
    assert.equal(rows[0][1], 'up', 'an adjustor facility as before');
    assert.equal(await page.locator('#fudp-agents tr.fudp-agent-unknown', { hasText: 'meters' }).count(), 1,
        'in the warning colour');
    const refused = (await cellTexts(page, '#fudp-allocations tbody tr'))
        .find((r) => r[0] === 'udp-10.0.0.9-5009-10.0.0.4-6009');
    assert.equal(refused[5], 'refused: OUT_OF_METERS');
    await finish(page);
});

test('page: selecting a set shows its flows and a chart of its history, as the legacy view does', async () => {
    const page = await open();
    const legacy = fixture('cfs-details-bottleneck_set2').payload;
    await page.locator('#fudp-cfs tr.fudp-cfs-row', { hasText: 'bottleneck:set2' }).click();
    await page.waitForFunction(() => document.querySelector('#fudp-chart svg'));

    assert.equal(await page.textContent('#fudp-details-id'), 'bottleneck:set2');
    assert.equal(await page.textContent('#fudp-details-state'), 'adjusting');
    assert.equal(await page.locator('#fudp-cfs tr.selected td.fudp-id').textContent(), 'bottleneck:set2');
    assert.equal(new URL(page.url()).hash, '#cfs=bottleneck%3Aset2', 'the selection can be bookmarked');
    const summary = Object.fromEntries(await cellTexts(page, '#fudp-summary tr'));
    assert.equal(summary['Last decision'], `period ${legacy.decision.period}: ${legacy.decision.reason}`);
    assert.equal(summary['Fairness band'], legacy.decision.band);
    assert.equal(summary['UDP rate / demand'], legacy.cfs.udpRate + ' / ' + legacy.cfs.udpDemand);

    assert.deepEqual(await cellTexts(page, '#fudp-flows tr.fudp-flow'), legacy.flows.map((f) =>
        [f.id, f.demand, f.rate, f.allocation + (f.pending ? ' (pending)' : ''), f.responsiveness, f.why]));
    assert.equal(await page.locator('#fudp-flows td.fudp-why', { hasText: 'video: weight 2: 2 TCP shares' }).count(),
        2, 'each flow says why it has its limit, with its class');
    // Each UDP flow's class by its responsiveness test, what the test found as its tooltip, as in the view.
    assert.deepEqual(await page.$$eval('#fudp-flows td.fudp-responsiveness', (tds) => tds.map((td) =>
        td.getAttribute('title'))), legacy.flows.map((f) => f.responsiveEvidence || null));
    assert.equal(await page.locator('#fudp-flows td.fudp-resp-responsive').count(), 1);
    assert.equal(summary['Responsive UDP'], legacy.cfs.responsiveUdp);
    assert.equal(summary['UDP principals'], legacy.cfs.principals);
    assert.match(summary['UDP principals'], /^2: 10\.0\.0\.1 \(1 flow, [0-9.]+ Mb\/s\), 10\.0\.0\.2 \(1 flow, /);
    assert.equal(summary['TCP floor'], legacy.cfs.tcpFloor);
    assert.equal(await page.locator('#fudp-flows tr.fudp-limited').count(), 2);
    assert.equal(await page.locator('#fudp-allocations tr.fudp-of-selected').count(), 2);

    // The chart's input, built in the browser from GET /history, is the legacy view's, which
    // FudpViewMessageHandler builds in Java from the same history.
    const built = await page.evaluate((h) => window.fudpChart.fromHistory(h.cfs[0], 300),
        fixture('rest/history-bottleneck_set2'));
    assert.deepEqual(built, legacy.chart);
    const chart = await page.evaluate(() => {
        const svg = document.querySelector('#fudp-chart svg');
        const count = (p) => p.getAttribute('d').split(/[ML]/).filter(Boolean).length;
        return {
            flows: Array.from(svg.querySelectorAll('path.fudp-line:not(.fudp-line-jain)'))
                .map((p) => [p.getAttribute('data-flow'), count(p)]),
            jain: count(svg.querySelector('path.fudp-line-jain')),
            xTicks: Array.from(svg.querySelectorAll('.fudp-axis-x .tick text')).map((t) => t.textContent),
        };
    });
    assert.deepEqual(chart.flows, legacy.chart.flows.map((f) => [f.id, 150]));
    assert.equal(chart.jain, 150);
    assert.equal(chart.xTicks.at(-1), 'now');
    await shot(page, 'fudp-page', { fullPage: true });

    // Clicking the row again closes the details.
    await page.locator('#fudp-cfs td.fudp-id', { hasText: 'bottleneck:set2' }).click();
    await page.locator('#fudp-details').waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).hash, '');
    await finish(page);
});

test('page: a set whose limit is not in force says "not enforced", never fair, and why', async () => {
    const page = await open();
    const set5 = fixture('rest/cfs').cfs.find((c) => c.state === 'NOT_ENFORCED');
    assert.ok(set5 && set5.stateReason, 'the scenario has a set not enforced, with its reason');
    const state = page.locator('#fudp-cfs tr.fudp-cfs-row', { hasText: set5.id }).locator('.fudp-state');
    assert.equal(await state.textContent(), 'not enforced');
    assert.equal(await state.getAttribute('title'), set5.stateReason, 'why, as the state\'s tooltip');
    const colour = await state.evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.equal(colour, NOT_ENFORCED);
    assert.notEqual(colour, FAIR);
    assert.equal(await page.locator('#fudp-cfs tr.fudp-cfs-row', { hasText: 'bottleneck:set1' })
        .locator('.fudp-state').getAttribute('title'), '', 'nothing to add to fair');

    await page.locator('#fudp-cfs tr.fudp-cfs-row', { hasText: set5.id }).click();
    await page.waitForFunction(() => document.querySelector('#fudp-chart svg'));
    assert.equal(await page.textContent('#fudp-details-state'), 'not enforced');
    const summary = await cellTexts(page, '#fudp-summary tr');
    assert.deepEqual(summary[0], ['Why', set5.stateReason], 'why comes first in the summary');
    // The legacy view's details of the same set say the same.
    const legacy = fixture('cfs-details-link_of_0000000000000002_5_of_0000000000000006_1').payload;
    assert.equal(legacy.cfs.stateReason, set5.stateReason);
    assert.deepEqual(await cellTexts(page, '#fudp-flows tr.fudp-flow'), legacy.flows.map((f) =>
        [f.id, f.demand, f.rate, f.allocation + (f.pending ? ' (pending)' : ''), f.responsiveness, f.why]));
    assert.equal(await page.locator('#fudp-flows td.fudp-why',
        { hasText: 'TCP, starved: counted in its set while UDP floods it' }).count(), 1);
    await finish(page);
});

test('page: at 1280 x 800 the CFS table fits its card, State column included', async () => {
    const page = await open('', 800);
    const fit = await page.evaluate(() => {
        const section = document.getElementById('fudp-cfs').closest('section');
        const right = (e) => e.getBoundingClientRect().right;
        const table = document.getElementById('fudp-cfs');
        return {
            // The card's content box: its right edge less its padding.
            card: right(section) - parseFloat(getComputedStyle(section).paddingRight),
            cardScrolls: section.scrollWidth > section.clientWidth,
            stateHeader: right(table.tHead.rows[0].cells[9]),
            stateCells: Array.from(table.querySelectorAll('tr.fudp-cfs-row td:nth-child(10)')).map(right),
            table: right(table),
            viewport: document.documentElement.clientWidth,
            scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        };
    });
    assert.equal(fit.viewport, 1280);
    assert.equal(fit.stateCells.length, 5);
    for (const r of [fit.stateHeader, ...fit.stateCells, fit.table]) {
        assert.ok(r <= fit.card, `the State column ends at ${r} px, the card at ${fit.card} px`);
    }
    assert.equal(fit.cardScrolls, false, 'nothing in the card needs its scroll bar');
    assert.equal(fit.scrolls, false, 'the page does not scroll sideways');
    // The allocations name the sets too, Set5's long id among them: their card fits as well.
    assert.deepEqual(await page.$$eval('section', (cards) => cards.filter((c) => c.scrollWidth > c.clientWidth)
        .map((c) => c.querySelector('h2') && c.querySelector('h2').textContent)), [], 'cards that would scroll');
    await finish(page);
});

test('page: it refreshes every 2 s and shows what changed', async () => {
    const page = await open('#cfs=bottleneck:set2');
    const asked = () => server.rest.log.filter((r) => r.key === 'history-bottleneck_set2').length;
    assert.equal(asked(), 1);
    // The operator fixes the period: the warning goes; Set2's limits are acknowledged.
    const control = fixture('rest/control');
    server.rest.overrides.control = { ...control, periodMs: 10000, warnings: [] };
    server.rest.overrides.allocations = { allocations: fixture('rest/allocations').allocations
        .map((a) => ({ ...a, acknowledged: true })) };
    await page.waitForFunction(() => !document.querySelector('#fudp-warnings li'), null, { timeout: 3000 });
    assert.match(await page.textContent('#fudp-loop'), /period 10000 ms/);
    assert.equal(await page.locator('#fudp-flows .fudp-pending').count(), 0);
    assert.ok(asked() >= 2, 'the chart\'s history is read again');
    const cfs = server.rest.log.filter((r) => r.key === 'cfs').map((r) => r.atMs);
    assert.ok(cfs.length >= 2 && cfs[1] - cfs[0] >= 1900 && cfs[1] - cfs[0] < 3000,
        'two seconds between reads: ' + cfs);

    // Esc closes the details; the history is no longer read.
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#fudp-details'), false);
    const before = asked();
    await page.waitForTimeout(2500);
    assert.equal(asked(), before);
    await finish(page);
});

test('page: opened on a set that is gone, it says so', async () => {
    const page = await open('#cfs=bottleneck:gone');
    assert.equal(await page.isVisible('#fudp-details-gone'), true);
    assert.equal(await page.isVisible('#fudp-details-body'), false);
    assert.match(await page.textContent('#fudp-status'), /^updated/, 'a gone set is not an error');
    await finish(page);
});

test('page: an empty controller says there is nothing yet', async () => {
    server.rest.folder = 'rest-empty';
    const page = await open();
    assert.deepEqual(await cellTexts(page, '#fudp-cfs tbody tr'),
        [['No correlation flow sets: no flow seen at a facility yet']]);
    assert.deepEqual(await cellTexts(page, '#fudp-agents tbody tr'), [['No facility is configured.']]);
    assert.deepEqual(await cellTexts(page, '#fudp-facilities tbody tr'), [['No facility is configured.']]);
    assert.deepEqual(await cellTexts(page, '#fudp-allocations tbody tr'), [['No UDP flow is limited.']]);
    assert.equal(await page.locator('#fudp-warnings li').count(), 0);
    await finish(page);
});

test('page: a refused request is shown and the last data stay', async () => {
    const page = await open();
    server.rest.overrides.cfs = 401;
    await page.waitForFunction(() => document.querySelector('#fudp-status.fudp-error'), null, { timeout: 3000 });
    assert.match(await page.textContent('#fudp-status'),
        /cannot read \/onos\/fudp\/cfs: 401 .*viewer role.*older data/);
    assert.equal(await page.locator('#fudp-cfs tr.fudp-cfs-row').count(), 5);
    await finish(page);
});

test('contract: the page read only fields that the REST answers have, and many of them', () => {
    const known = new Set();
    for (const name of ['control', 'cfs', 'flows', 'allocations', 'agents']) {
        paths(fixture('rest/' + name), name, known);
    }
    paths(fixture('rest/history-bottleneck_set2'), 'history', known);
    assert.ok(reads.size > 30, 'fields read: ' + reads.size);
    assert.deepEqual([...reads].filter((r) => !known.has(r)), []);
});
