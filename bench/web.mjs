// `npm run bench:web` (builds first): every screen a fan or organizer uses, measured against the built server
// with the demo data plus what the setup below adds (a board with entries and results, paid donations, the
// admin gate passed): the first-load JS/CSS bytes of each screen with Playwright, and Lighthouse (mobile,
// 3 runs each, median) performance, accessibility, cumulative layout shift and LCP. Prints Markdown tables,
// writes bench/.out/web.json (+ one Lighthouse JSON report per run) and exits non-zero when a target is missed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fictionPhone } from '../tests/support/fiction-phones.mjs';
import {
  adminCookie,
  adminGateEnv,
  loadAverage,
  mdTable,
  median,
  outDir,
  publicUrl,
  root,
  sendJson,
  startFanGrid,
} from './lib/server.mjs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const webDir = path.join(root, 'dist/web');

// The board the setup enters, locks and scores (a free-to-play demo board: no amount, no state).
const SCORED_BOARD = 'finals-game-5';
// A real partner form (shared/domain/partners: partnerById).
const PARTNER = 'sports-excellence';

/**
 * Every screen of the bench. `page` is the name BENCH_PAGES picks it by and the path measured; `query` adds
 * what the setup made (a checkout session, a ticket, a donation); `admin` screens are measured with the
 * admin cookie; `myEntries` puts the setup's entries in the browser's storage, as the browser that made them
 * has them. /entered-page is /entered under another path (the same screen), so it is not measured twice.
 */
const SCREENS = [
  // Home, the hubs and the three heaviest content screens.
  { page: '/' },
  { page: '/sports' },
  { page: '/nba-finals' },
  { page: '/gaming' },
  { page: '/f1-season' },
  { page: '/wnba-games' },
  { page: '/baseball-games' },
  { page: '/faq' },
  // Game boards: two demo boards as seeded (open, empty), a baseball one, and a board with entries and results.
  { page: '/game-board' },
  { page: '/east-game-board' },
  { page: '/dodgers-giants-game' },
  { page: `/boards/${SCORED_BOARD}` },
  // The fan's own screens.
  { page: '/entered', myEntries: true },
  { page: '/fan-page' },
  { page: '/login' },
  // Partners.
  { page: '/partners' },
  { page: `/partners/${PARTNER}` },
  // Payment results, each of a real (test-mode) payment or entry.
  { page: '/payment-success', query: (s) => `?session_id=${encodeURIComponent(s.paymentSession)}` },
  { page: '/donation-success', query: (s) => `?ticket=${s.entries[0].ticketNumber}` },
  { page: '/wnba-success', query: (s) => `?donation=${encodeURIComponent(s.wnbaDonation)}` },
  // The organizers' screens behind the admin gate.
  { page: '/admin-kpi', admin: true },
  { page: '/admin-logins', admin: true },
  { page: '/admin-entries', admin: true },
  { page: '/admin-boards', admin: true },
];
const ALL_PAGES = SCREENS.map((s) => s.page);
// BENCH_PAGES=/gaming,/fan-page (comma-separated) measures only those screens, for a quicker loop while working on some.
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()) : ALL_PAGES;
for (const page of PAGES)
  if (!ALL_PAGES.includes(page)) throw new Error(`BENCH_PAGES: ${page} is not one of ${ALL_PAGES.join(', ')}`);
const screens = SCREENS.filter((s) => PAGES.includes(s.page));
// BENCH_LH_RUNS=1 runs Lighthouse once per screen instead of 3 times (a quick look; targets still checked).
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
if (!Number.isInteger(LH_RUNS) || LH_RUNS < 1) throw new Error('BENCH_LH_RUNS: a whole number ≥ 1');
const TARGETS = { firstLoadJsGzip: 120 * 1024, performance: 95, accessibility: 100, cls: 0.05 };
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The admin gate of this run's server (8-character passcode, as the gate asks).
const PASSCODE = 'bench123';
const PHRASE = 'bench web phrase';

/** POSTs JSON as the browser does (Origin = PUBLIC_URL); answers the JSON body, throws on another status. */
async function post(url, body, { cookie, status = [200, 201] } = {}) {
  const res = await sendJson(url, { body, cookie });
  const text = await res.text();
  if (!status.includes(res.status)) throw new Error(`POST ${new URL(url).pathname} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * What the screens show beyond the seeded demo: SCORED_BOARD with 8 entries, locked (its numbers drawn) and
 * its first two quarters scored; a baseball donation and a WNBA donation paid on the local test checkout.
 * Answers the entries (tickets for /donation-success and /entered), the checkout session and the WNBA
 * donation's reference. Everything comes from 127.0.0.1: 8 entries stay under the per-address limit (30 a minute).
 */
async function setUp(url, cookie) {
  const board = await (await fetch(`${url}/api/boards/${SCORED_BOARD}`)).json();
  const nicknames = ['Jordan', 'Kobe', 'Shaq', 'Magic', 'Bird', 'Duncan', 'Hakeem', 'Dirk'];
  const entries = [];
  for (const [i, nickname] of nicknames.entries()) {
    const { entry } = await post(`${url}/api/boards/${SCORED_BOARD}/entries`, {
      phone: fictionPhone(i),
      nickname,
      amountCents: null,
      ageConfirmed: true,
      rulesAccepted: true,
      ...(board.legal.stateRequired ? { state: 'OH' } : {}),
      idempotencyKey: `bench-web-${Date.now()}-${i}`,
    });
    entries.push(entry);
  }
  await post(`${url}/api/admin/boards/${SCORED_BOARD}/lock`, {}, { cookie });
  const scored = await (await fetch(`${url}/api/boards/${SCORED_BOARD}`)).json();
  for (const [i, { key }] of board.prizeTable.slice(0, 2).entries()) {
    // Scores whose last digits land on an entered cell, so the results name winners.
    const cell = entries[i].cells[0];
    const teamAScore = 20 + scored.axes.columns[cell % 10] + i * 30;
    const teamBScore = 20 + scored.axes.rows[Math.floor(cell / 10)] + i * 30;
    await post(`${url}/api/admin/boards/${SCORED_BOARD}/scores`, { period: key, teamAScore, teamBScore }, { cookie });
  }

  const pay = async (body) => {
    const started = await post(`${url}/api/donations/checkout`, body);
    await post(`${url}/api/payments/local/${encodeURIComponent(started.sessionId)}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    return started;
  };
  const baseball = await pay({
    kind: 'baseball',
    type: 'one-time',
    amountCents: 2500,
    gameData: { id: 'dodgers-giants', title: 'Dodgers vs Giants', organization: 'FanGrid Baseball Community Fund' },
    donorName: 'Vin Scully',
    donorEmail: 'vin@example.com',
  });
  const wnba = await pay({
    kind: 'wnba',
    type: 'one-time',
    amountCents: 2000,
    gameData: { title: 'Liberty vs Fever' },
    donorName: 'Sabrina Ionescu',
    donorEmail: 'sabrina@example.com',
    message: 'Go Liberty!',
  });
  return { entries, paymentSession: baseball.sessionId, wnbaDonation: wnba.reference };
}

/**
 * The localStorage item a board screen keeps of this browser's entries (shared/domain/local-fan-keys.ts
 * `localEntriesKey`, written by features/boards/board-entries.ts `rememberEntry`).
 */
const myEntriesItem = (entries) => ({
  name: 'fangrid.entries',
  value: JSON.stringify(entries.map((e) => ({ ...e, enteredAt: new Date().toISOString() }))),
});

/** What a screen is loaded with: its URL, the admin cookie for admin screens, this browser's entries. */
const visitOf = (screen, url, setup, cookie) => ({
  url: url + screen.page + (screen.query ? screen.query(setup) : ''),
  cookie: screen.admin ? cookie : undefined,
  storage: screen.myEntries ? [myEntriesItem(setup.entries)] : [],
});

/** Loads a screen in a fresh browser context and sums the gzip (level 9) size of its scripts and styles. */
async function firstLoadBytes(browser, page, { url, cookie, storage }) {
  const { origin } = new URL(url);
  const context = await browser.newContext({
    storageState: { cookies: [], origins: storage.length ? [{ origin, localStorage: storage }] : [] },
  });
  if (cookie) {
    const eq = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: origin }]);
  }
  const tab = await context.newPage();
  const urls = new Map(); // url -> 'js' | 'css'
  tab.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') urls.set(res.url(), type === 'script' ? 'js' : 'css');
  });
  await tab.goto(url, { waitUntil: 'networkidle' });
  await context.close();

  const files = [];
  const totals = { js: 0, css: 0 };
  for (const [url, kind] of urls) {
    const rel = decodeURIComponent(new URL(url).pathname);
    const file = path.join(webDir, rel);
    if (!file.startsWith(webDir + path.sep)) throw new Error(`${url} is not a file of dist/web`);
    const gzip = gzipSync(readFileSync(file), { level: 9 }).length;
    totals[kind] += gzip;
    files.push({ file: rel, kind, gzip });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { page, jsGzip: totals.js, cssGzip: totals.css, files };
}

/**
 * One Lighthouse run of a screen in a freshly launched Chrome; saves the full JSON report under bench/.out/.
 * An admin screen's requests carry the admin cookie (Lighthouse's `extraHeaders`). A screen that reads this
 * browser's entries gets them in localStorage first, written over CDP on a page of the same origin, and
 * Lighthouse is told not to clear the origin's storage (`disableStorageReset`; the browser is new anyway).
 */
async function lighthouseRun(page, run, { url, cookie, storage }) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    if (storage.length) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const tab = await cdp.contexts()[0].newPage();
      await tab.goto(`${new URL(url).origin}/api/health`);
      await tab.evaluate((items) => {
        for (const { name, value } of items) localStorage.setItem(name, value);
      }, storage);
      await tab.close();
      await cdp.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(storage.length ? { disableStorageReset: true } : {}),
    });
    const name = `lighthouse-${page === '/' ? 'home' : page.replace(/\W+/g, '')}-${run}.json`;
    writeFileSync(path.join(outDir, name), result.report);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.finalDisplayedUrl !== url)
      throw new Error(`Lighthouse ${page}: ended on ${lhr.finalDisplayedUrl}, not ${url}`);
    return {
      report: name,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      // Lighthouse's own measure of this machine's CPU at the run (its CPU slowdown is relative to it).
      cpuIndex: lhr.environment.benchmarkIndex,
      metrics: Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, lhr.audits[id]?.displayValue]),
      ),
      // What Lighthouse blames: every scored audit of the two categories that did not pass.
      failing: Object.values(lhr.categories)
        .flatMap((cat) => cat.auditRefs.filter((ref) => ref.weight > 0 || cat.id === 'performance'))
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => ({ id: a.id, score: a.score, displayValue: a.displayValue })),
      // What moved: each layout shift Lighthouse recorded, the element it names and its score.
      shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
        score: item.score,
        element: item.node?.selector ?? item.node?.snippet,
      })),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Loaded before the server (node --import): its PUBLIC_URL becomes its own address, port included, so the
 * screens' own POSTs from the browser (an entry lookup, an entry summary) pass the origin check as they do in
 * production. The setup's requests keep the bench's Origin (publicUrl), trusted through TRUSTED_ORIGINS.
 */
const ownPublicUrl = `data:text/javascript,${encodeURIComponent(
  "process.env.PUBLIC_URL = 'http://127.0.0.1:'.concat(process.env.PORT);",
)}`;

const loadAtStart = loadAverage(', ');
const server = await startFanGrid({
  env: { ...(await adminGateEnv(PASSCODE, PHRASE)), TRUSTED_ORIGINS: publicUrl },
  nodeArgs: ['--import', ownPublicUrl],
});
const failed = [];
try {
  // a. Setup: the admin gate passed once, a board with entries and results, two paid donations.
  const cookie = await adminCookie(server.url, PASSCODE, PHRASE);
  const setup = await setUp(server.url, cookie);
  const visits = new Map(screens.map((s) => [s.page, visitOf(s, server.url, setup, cookie)]));

  // b. First-load bytes.
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  const bytes = [];
  try {
    for (const page of PAGES) bytes.push(await firstLoadBytes(browser, page, visits.get(page)));
  } finally {
    await browser.close();
  }

  // c. Lighthouse, LH_RUNS runs per page, median per category.
  const lighthouseResults = [];
  for (const page of PAGES) {
    const runs = [];
    for (let i = 1; i <= LH_RUNS; i++) {
      // Lighthouse sometimes fails to record the trace on a busy machine (NO_NAVSTART): run that one again.
      let r;
      for (let attempt = 1; ; attempt++) {
        try {
          r = await lighthouseRun(page, i, visits.get(page));
          break;
        } catch (err) {
          if (attempt >= 3 || !/NO_NAVSTART|NO_FCP/.test(String(err))) throw err;
          console.error(`lighthouse ${page} run ${i}: ${String(err).slice(0, 80)}; again`);
        }
      }
      console.error(
        `lighthouse ${page} run ${i}: performance ${r.performance}, accessibility ${r.accessibility}, ` +
          `CLS ${r.cls.toFixed(3)}, LCP ${(r.lcpMs / 1000).toFixed(1)} s`,
      );
      runs.push(r);
    }
    const performance = median(runs.map((r) => r.performance));
    lighthouseResults.push({
      page,
      url: visits.get(page).url.slice(server.url.length),
      performance,
      accessibility: median(runs.map((r) => r.accessibility)),
      cls: median(runs.map((r) => r.cls)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      // Metrics of the run whose performance score is the median (3 runs: always one of them; an even number of
      // runs: the one nearest to it).
      metrics: runs.reduce((a, b) =>
        Math.abs(b.performance - performance) < Math.abs(a.performance - performance) ? b : a,
      ).metrics,
      runs,
    });
  }

  // Targets: JS budget on `/` only; Lighthouse scores and layout shift (medians) on every page.
  const home = bytes.find((b) => b.page === '/');
  if (home && home.jsGzip > TARGETS.firstLoadJsGzip)
    failed.push(`first-load JS of / is ${kb(home.jsGzip)} gzip (target ≤ ${kb(TARGETS.firstLoadJsGzip)})`);
  for (const r of lighthouseResults) {
    for (const cat of ['performance', 'accessibility']) {
      if (r[cat] < TARGETS[cat]) failed.push(`Lighthouse ${cat} of ${r.page} is ${r[cat]} (target ≥ ${TARGETS[cat]})`);
    }
    if (r.cls > TARGETS.cls)
      failed.push(`cumulative layout shift of ${r.page} is ${r.cls.toFixed(3)} (target ≤ ${TARGETS.cls})`);
  }

  // d. Report.
  console.log('\n### First-load bytes (gzip -9)\n');
  console.log(
    mdTable(
      ['Page', 'JS', 'CSS', 'Files', 'Target'],
      bytes.map((b) => [
        `\`${b.page}\``,
        kb(b.jsGzip),
        kb(b.cssGzip),
        b.files.map((f) => `${f.file} (${kb(f.gzip)})`).join('<br>'),
        b.page === '/' ? `JS ≤ ${kb(TARGETS.firstLoadJsGzip)}` : 'report only',
      ]),
    ),
  );
  const loadAtEnd = loadAverage(', ');
  const cpuIndexes = lighthouseResults.flatMap((r) => r.runs.map((x) => x.cpuIndex)).filter(Number.isFinite);
  const cpuIndex = cpuIndexes.length
    ? `${Math.round(Math.min(...cpuIndexes))}–${Math.round(Math.max(...cpuIndexes))}`
    : 'n/a';
  console.log(
    `\n### Lighthouse 12, mobile, median of ${LH_RUNS} runs (load average ${loadAtStart} → ${loadAtEnd}; CPU index ${cpuIndex})\n`,
  );
  console.log(
    mdTable(
      ['Page', 'Performance', 'Accessibility', 'CLS', 'LCP', 'Runs (perf / a11y / CLS)', 'FCP', 'TBT', 'SI'],
      lighthouseResults.map((r) => {
        const m = r.metrics;
        return [
          `\`${r.page}\``,
          r.performance,
          r.accessibility,
          r.cls.toFixed(3),
          `${(r.lcpMs / 1000).toFixed(1)} s`,
          r.runs.map((x) => `${x.performance}/${x.accessibility}/${x.cls.toFixed(3)}`).join(', '),
          m['first-contentful-paint'],
          m['total-blocking-time'],
          m['speed-index'],
        ];
      }),
    ),
  );
  console.log('\n(CLS and LCP: medians of the runs; FCP, TBT, SI: of the median-performance run)');
  for (const r of lighthouseResults) {
    // Audits below 0.9 in any run, once each, with how many of the runs flagged them.
    const failing = new Map();
    for (const a of r.runs.flatMap((x) => x.failing)) {
      const seen = failing.get(a.id);
      failing.set(a.id, { ...a, runs: (seen?.runs ?? 0) + 1, displayValue: seen?.displayValue ?? a.displayValue });
    }
    const warnings = [...new Set(r.runs.flatMap((x) => x.warnings))];
    const list = [...failing.values()].map(
      (a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''} [${a.runs}/${r.runs.length} runs]`,
    );
    if (list.length) console.log(`\nLighthouse audits below 0.9 on ${r.page}: ${list.join('; ')}`);
    if (warnings.length) console.log(`\nLighthouse warnings on ${r.page}: ${warnings.join('; ')}`);
    // What moved, when the median layout shift is not 0: each shift of the runs, largest first.
    const shifts = r.runs.flatMap((x) => x.shifts).sort((a, b) => b.score - a.score);
    if (r.cls > 0 && shifts.length)
      console.log(
        `\nLayout shifts on ${r.page} (all runs): ${shifts.map((x) => `${x.element} ${x.score.toFixed(3)}`).join('; ')}`,
      );
  }

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    chromePath,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    cpuIndex,
    targets: TARGETS,
    firstLoad: bytes,
    lighthouse: lighthouseResults,
    failed,
  };
  writeFileSync(path.join(outDir, 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, path.join(outDir, 'web.json'))}`);
} catch (err) {
  console.error(`bench:web failed: ${err?.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await server.stop();
}

if (process.exitCode) process.exit();
if (failed.length) {
  console.error(`\nMissed targets:\n${failed.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll targets met.');
