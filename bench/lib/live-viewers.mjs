// A child process of bench/live.mjs that plays many live-board viewers: it opens Server-Sent Events streams
// (plain sockets, one per viewer) and records when each event block arrives, so the viewers' own parsing is
// spread over several processes and cores instead of slowing one. It talks to its parent over IPC:
//   parent → { type: 'open', url, count, addressBase, localAddress }   child → { type: 'opened', open, seconds }
//   parent → { type: 'collect', name, nth, t0, expect, waitMs }        child → { type: 'collected', ... }
//   parent → { type: 'close' }                                         child exits
// Times are absolute (performance.timeOrigin + performance.now()), comparable across processes of one machine.
import { performance } from 'node:perf_hooks';
import { clientAddress, openEventStream } from './server.mjs';

const now = () => performance.timeOrigin + performance.now();
/** Every viewer: its arrived events ({ name, data, at }) in order, and whether its stream is still open. */
const viewers = [];
/**
 * How many viewers have the nth event of each name ('cells#0' …), counted as events arrive, so waiting for
 * everyone never scans every viewer per arrival (that scan, not the server, would set the latencies).
 */
const arrived = new Map();

async function openOne(url, n, localAddress) {
  const viewer = { events: [], open: true, req: undefined };
  viewer.req = await openEventStream(url, {
    localAddress,
    headers: { 'x-forwarded-for': clientAddress(n) },
    onEvent: (name, data) => {
      const nth = viewer.events.filter((e) => e.name === name).length;
      viewer.events.push({ name, nth, data, at: now() });
      const key = `${name}#${nth}`;
      arrived.set(key, (arrived.get(key) ?? 0) + 1);
    },
    onClose: () => {
      viewer.open = false;
    },
  });
  return viewer;
}

async function open({ url, count, addressBase, localAddress }) {
  const started = now();
  // In batches of 250, so the server's listen backlog is never overrun.
  for (let i = 0; i < count; i += 250) {
    const batch = Array.from({ length: Math.min(250, count - i) }, (_, j) =>
      openOne(url, addressBase + i + j, localAddress),
    );
    viewers.push(...(await Promise.all(batch)));
  }
  return { open: viewers.length, seconds: (now() - started) / 1000 };
}

/**
 * Waits (up to waitMs) until every viewer has the nth event named `name` (other events, such as a prize's,
 * may come between), then reports the latencies from t0; one whose data lacks the text `expect` is wrong.
 */
async function collect({ name, nth, t0, expect, waitMs }) {
  const deadline = now() + waitMs;
  while ((arrived.get(`${name}#${nth}`) ?? 0) < viewers.length && now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const latencies = [];
  let wrong = 0;
  for (const v of viewers) {
    const e = v.events.find((x) => x.name === name && x.nth === nth);
    if (!e) continue;
    latencies.push(e.at - t0);
    if (expect !== undefined && !e.data.includes(expect)) wrong++;
  }
  return { latencies, wrong, viewers: viewers.length, closed: viewers.filter((v) => !v.open).length };
}

process.on('message', async (msg) => {
  try {
    if (msg.type === 'open') process.send({ type: 'opened', ...(await open(msg)) });
    else if (msg.type === 'collect') process.send({ type: 'collected', ...(await collect(msg)) });
    else if (msg.type === 'close') {
      for (const v of viewers) v.req.destroy();
      process.exit(0);
    }
  } catch (err) {
    process.send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
