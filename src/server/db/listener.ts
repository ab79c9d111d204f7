import pg from 'pg';
import { type BackoffPolicy, backoffDelay } from '../../shared/domain/backoff';

/** `ok` while the LISTEN connection is up and listening on every channel; `down` while it (re)connects. */
export type ListenerState = 'ok' | 'down';

/** The application_name of every LISTEN connection, so operators (and tests) can find it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'fangrid-listener';

/** A dropped LISTEN connection is retried after 250 ms, doubling to at most 10 s, jittered. */
export const listenerBackoff: BackoffPolicy = { baseMs: 250, capMs: 10_000 };

export interface ListenerOptions {
  url: string;
  /** Jitter source for the backoff; Math.random by default. */
  random?: () => number;
  backoff?: BackoffPolicy;
  /**
   * Waits `ms` before a reconnection attempt, settling early when `signal` aborts (on close). A timer by
   * default; tests inject one they control to hold the listener down.
   */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How long one connection attempt may take before it counts as failed. */
  connectTimeoutMs?: number;
}

export interface PgListener {
  /**
   * LISTENs on `channel` (now, and again after every reconnection) and calls `callback` with each
   * payload. Resolves once the first connection attempt has finished, whether it succeeded or not, so a
   * listener that cannot reach the database reports `down` instead of hanging its caller. `onState` gets
   * the state then, and each change after.
   */
  listen(
    channel: string,
    callback: (payload: string) => void,
    onState?: (state: ListenerState) => void,
  ): Promise<() => Promise<void>>;
  state(): ListenerState;
  close(): Promise<void>;
}

/** pg lets the URL's own application_name win over the client's option: drop it, so the name is always ours. */
function withoutApplicationName(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('application_name');
    return parsed.toString();
  } catch {
    return url;
  }
}

const timerWait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * One dedicated PostgreSQL connection carrying every LISTEN of this process (a pooled one would be
 * recycled). When it drops (an 'error' or 'end' on the client: the backend was terminated, the server
 * restarted, the network failed) it reconnects with backoff, forever until closed, and LISTENs again on
 * every channel it had before reporting `ok`. NOTIFYs sent while it was down are lost to it: callers
 * learn of the gap from the `down` -> `ok` change and re-sync.
 */
export function createPgListener(opts: ListenerOptions): PgListener {
  const random = opts.random ?? Math.random;
  const backoff = opts.backoff ?? listenerBackoff;
  const wait = opts.wait ?? timerWait;
  const listenerUrl = withoutApplicationName(opts.url);
  const channels = new Map<string, Set<(payload: string) => void>>();
  const watchers = new Set<(state: ListenerState) => void>();
  const stopping = new AbortController();
  let state: ListenerState = 'down';
  /** The connected client, once it LISTENs on every channel; undefined while down. */
  let live: pg.Client | undefined;
  /** The client being connected or in use, so close() can end it whatever stage it is at. */
  let current: pg.Client | undefined;
  let loop: Promise<void> | undefined;
  let firstAttempt: Promise<void> | undefined;
  let settleFirstAttempt = () => {};
  /**
   * The LISTENs sent on the live connection for channels added after it came up, one after another: a pg
   * client runs one query at a time (queueing them is deprecated, and pg@9 refuses a second one).
   */
  let liveListens: Promise<void> = Promise.resolve();

  const setState = (next: ListenerState) => {
    if (next === state) return;
    state = next;
    for (const watcher of [...watchers]) watcher(next);
  };

  /**
   * Connects and LISTENs on every channel; resolves to `lost`, which settles when the connection is lost
   * (wrapped: an async function returning a bare promise would wait for it).
   */
  async function connect(): Promise<{ lost: Promise<void> }> {
    const client = new pg.Client({
      connectionString: listenerUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      // A peer that vanishes without closing (a network partition) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    let markLost = () => {};
    const lost = new Promise<void>((resolve) => {
      markLost = resolve;
    });
    // Both stay attached for the client's life: a second 'error' with no listener would end the process.
    client.on('error', () => markLost());
    client.on('end', () => markLost());
    client.on('notification', (msg) => {
      if (client !== current) return;
      for (const cb of channels.get(msg.channel) ?? []) cb(msg.payload ?? '');
    });
    try {
      if (stopping.signal.aborted) throw new Error('listener closed');
      await client.connect();
      const listening = new Set<string>();
      // Channels added while these LISTENs run are picked up by the next pass.
      for (let missing = [...channels.keys()]; missing.length > 0; ) {
        for (const channel of missing) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          listening.add(channel);
        }
        missing = [...channels.keys()].filter((c) => !listening.has(c));
      }
      if (stopping.signal.aborted) throw new Error('listener closed');
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    live = client;
    return { lost };
  }

  async function run(): Promise<void> {
    // Consecutive waits since the listener was last up: the backoff grows with each failed attempt.
    let attempt = 0;
    while (!stopping.signal.aborted) {
      let lost: Promise<void> | undefined;
      try {
        ({ lost } = await connect());
      } catch {
        // Refused, timed out or failed to LISTEN: wait and try again.
      }
      settleFirstAttempt();
      if (lost) {
        attempt = 0;
        setState('ok');
        await lost;
        live = undefined;
        await current?.end().catch(() => {});
        if (stopping.signal.aborted) break;
        setState('down');
      }
      await wait(backoffDelay(attempt, random, backoff), stopping.signal);
      attempt += 1;
    }
  }

  return {
    async listen(channel, callback, onState) {
      if (stopping.signal.aborted) throw new Error('the listener is closed');
      const added = !channels.has(channel);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(callback);
      firstAttempt ??= new Promise<void>((resolve) => {
        settleFirstAttempt = resolve;
      });
      loop ??= run();
      await firstAttempt;
      // Already connected without this channel: LISTEN now. If that fails the connection is lost, and
      // the reconnection LISTENs on every channel, this one included.
      if (added && live) {
        const client = live;
        liveListens = liveListens.then(() =>
          client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).then(
            () => {},
            () => {},
          ),
        );
        await liveListens;
      }
      if (onState) {
        onState(state);
        watchers.add(onState);
      }
      return async () => {
        set.delete(callback);
        // The channel is no longer LISTENed after the next reconnection (until someone listens again).
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
        if (onState) watchers.delete(onState);
      };
    },
    state: () => state,
    async close() {
      stopping.abort();
      watchers.clear();
      settleFirstAttempt();
      await current?.end().catch(() => {});
      await loop;
      setState('down');
    },
  };
}
