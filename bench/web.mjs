// `npm run bench:web` (builds first): first-load JS/CSS bytes of `/` and `/sports` measured with
// Playwright, and Lighthouse (mobile, 3 runs each, median) performance + accessibility scores.
// Prints a Markdown table, writes bench/.out/web.json (+ one Lighthouse JSON report per run) and
// exits non-zero when a target is missed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mdTable, median, outDir, root, startFanGrid } from './lib/server.mjs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const webDir = path.join(root, 'dist/web');
// / and /sports, then the three heaviest content screens.
const ALL_PAGES = ['/', '/sports', '/nba-finals', '/gaming', '/f1-season'];
// BENCH_PAGES=/gaming (comma-separated) measures only those pages, for a quicker loop while working on one.
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()) : ALL_PAGES;
for (const page of PAGES)
  if (!ALL_PAGES.includes(page)) throw new Error(`BENCH_PAGES: ${page} is not one of ${ALL_PAGES}`);
const LH_RUNS = 3;
const TARGETS = { firstLoadJsGzip: 120 * 1024, performance: 95, accessibility: 95 };
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Loads `page` in a fresh browser context and sums the gzip (level 9) size of its scripts and styles. */
async function firstLoadBytes(browser, baseUrl, page) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const urls = new Map(); // url -> 'js' | 'css'
  tab.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') urls.set(res.url(), type === 'script' ? 'js' : 'css');
  });
  await tab.goto(baseUrl + page, { waitUntil: 'networkidle' });
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

/** One Lighthouse run in a freshly launched Chrome; saves the full JSON report under bench/.out/. */
async function lighthouseRun(baseUrl, page, run) {
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
    const result = await lighthouse(baseUrl + page, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const name = `lighthouse-${page === '/' ? 'home' : page.replace(/\W+/g, '')}-${run}.json`;
    writeFileSync(path.join(outDir, name), result.report);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      report: name,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
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
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

const server = await startFanGrid();
const failed = [];
try {
  // b. First-load bytes.
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  const bytes = [];
  try {
    for (const page of PAGES) bytes.push(await firstLoadBytes(browser, server.url, page));
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
          r = await lighthouseRun(server.url, page, i);
          break;
        } catch (err) {
          if (attempt >= 3 || !/NO_NAVSTART|NO_FCP/.test(String(err))) throw err;
          console.error(`lighthouse ${page} run ${i}: ${String(err).slice(0, 80)}; again`);
        }
      }
      console.error(`lighthouse ${page} run ${i}: performance ${r.performance}, accessibility ${r.accessibility}`);
      runs.push(r);
    }
    const performance = median(runs.map((r) => r.performance));
    lighthouseResults.push({
      page,
      performance,
      accessibility: median(runs.map((r) => r.accessibility)),
      // Metrics of the run whose performance score is the median (3 runs: always one of them).
      metrics: runs.find((r) => r.performance === performance).metrics,
      runs,
    });
  }

  // Targets: JS budget on `/` only; Lighthouse scores on every page.
  const home = bytes.find((b) => b.page === '/');
  if (home && home.jsGzip > TARGETS.firstLoadJsGzip)
    failed.push(`first-load JS of / is ${kb(home.jsGzip)} gzip (target ≤ ${kb(TARGETS.firstLoadJsGzip)})`);
  for (const r of lighthouseResults) {
    for (const cat of ['performance', 'accessibility']) {
      if (r[cat] < TARGETS[cat]) failed.push(`Lighthouse ${cat} of ${r.page} is ${r[cat]} (target ≥ ${TARGETS[cat]})`);
    }
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
  console.log(`\n### Lighthouse 12, mobile, median of ${LH_RUNS} runs\n`);
  console.log(
    mdTable(
      ['Page', 'Performance', 'Accessibility', 'Runs (perf / a11y)', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'],
      lighthouseResults.map((r) => {
        const m = r.metrics;
        return [
          `\`${r.page}\``,
          r.performance,
          r.accessibility,
          r.runs.map((x) => `${x.performance}/${x.accessibility}`).join(', '),
          m['first-contentful-paint'],
          m['largest-contentful-paint'],
          m['total-blocking-time'],
          m['cumulative-layout-shift'],
          m['speed-index'],
        ];
      }),
    ),
  );
  console.log('\n(metrics from the median-performance run)');
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
  }

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    chromePath,
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
