// Summarises a V8 .cpuprofile (node --cpu-prof): self time by package (node_modules/<name>, node:
// internals, the app bundle, GC, idle) and the top functions by self time. Used by bench/claims.mjs
// with BENCH_CPU_PROF=1; also runnable: node bench/lib/cpuprofile.mjs <file.cpuprofile> [top].
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Which bucket a profile node's script belongs to. */
function bucketOf(frame) {
  const url = frame.url ?? '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node: internals';
  if (url.includes('/dist/server/')) return 'app (dist/server)';
  return url;
}

/** Returns { totalMs, buckets: [[name, ms]], functions: [[label, ms]] } sorted by self time. */
export function summariseProfile(file, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // timeDeltas[i] is the time before sample i; attribute it to that sample's node.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const buckets = new Map();
  const functions = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    total += us;
    const bucket = bucketOf(callFrame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const where = callFrame.url ? `${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}` : '';
    const label = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(label, (functions.get(label) ?? 0) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, us]) => [k, us / 1000]);
  return { totalMs: total / 1000, buckets: sorted(buckets), functions: sorted(functions).slice(0, top) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { totalMs, buckets, functions } = summariseProfile(process.argv[2], Number(process.argv[3] ?? 25));
  const busy = totalMs - (buckets.find(([k]) => k === '(idle)')?.[1] ?? 0);
  console.log(`total ${totalMs.toFixed(0)} ms, busy ${busy.toFixed(0)} ms\n`);
  for (const [k, t] of buckets)
    console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${t.toFixed(0).padStart(7)} ms  ${k}`);
  console.log('');
  for (const [k, t] of functions)
    console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${t.toFixed(0).padStart(7)} ms  ${k}`);
}
