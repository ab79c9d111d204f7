// `node scripts/first-load-size.mjs [dist/web]` (after `npm run build:web`): the first-load JS of `/`,
// gzip level 9 per file as bench/web.mjs counts it, found statically instead of in a browser: the entry
// script and modulepreloads of index.html, the modules route-preloads.json names for `/` (the home page's
// chunk and what it imports), and every chunk those import statically. No server, no browser, no Lighthouse.
// Prints one line per file and the total against the 120 KB budget; exits 1 when the budget is missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 120 * 1024; // bench/web.mjs: TARGETS.firstLoadJsGzip
const webDir = path.resolve(process.argv[2] ?? 'dist/web');
const indexHtml = path.join(webDir, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`${indexHtml} not found: run npm run build:web first`);
  process.exit(1);
}

const html = readFileSync(indexHtml, 'utf8');
const start = [
  ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ...(JSON.parse(readFileSync(path.join(webDir, 'route-preloads.json'), 'utf8'))['/']?.modules ?? []),
];

// Static imports of a built chunk: `import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
// Dynamic `import("./x.js")` is left out: it loads only when the code runs it (another screen, a dialog).
const staticImport = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;
const seen = new Map(); // url path -> gzip bytes
const visit = (url) => {
  if (seen.has(url)) return;
  const file = path.join(webDir, url);
  if (!file.startsWith(webDir + path.sep)) throw new Error(`${url} is not a file of ${webDir}`);
  const source = readFileSync(file);
  seen.set(url, gzipSync(source, { level: 9 }).length);
  for (const m of source.toString('utf8').matchAll(staticImport)) visit(path.posix.join(path.posix.dirname(url), m[1]));
};
for (const url of start) visit(url);

const files = [...seen].sort((a, b) => b[1] - a[1]);
const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
const width = Math.max(...files.map(([url]) => url.length));
for (const [url, bytes] of files) console.log(`${url.padEnd(width)}  ${String(bytes).padStart(7)}`);
const slack = BUDGET - total;
console.log(
  `first-load JS of /: ${total} bytes gzip -9 (${(total / 1024).toFixed(1)} KB); budget ${BUDGET}: ` +
    (slack >= 0 ? `met, ${slack} bytes to spare` : `missed by ${-slack} bytes`),
);
if (slack < 0) process.exitCode = 1;
