import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { Job } from './scheduler';

/** Connection pool figures of a PostgreSQL pool (PGlite has one connection and none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Where the collected gauges read from; each is read when Prometheus scrapes, never on a request. */
export interface MetricsSources {
  db: Db;
  /** Live board streams (Server-Sent Events) open on this instance. */
  streamsOpen: () => number;
  pool?: () => PoolStats | undefined;
}

/** Routes whose answers count as webhook results (the provider that called, by route). */
const webhookRoutes: Record<string, string> = {
  '/api/payments/webhook': 'payments',
  '/api/sms/inbound': 'sms',
};
/** The route that claims board cells: each 201 is one entry on a board. */
const entryRoute = '/api/boards/:slug/entries';

/**
 * This instance's Prometheus metrics, in a registry of its own (several apps may share a process in tests).
 * Labels are route templates, job names and statuses: never raw URLs, slugs or addresses.
 */
export function createMetrics() {
  const registry = new Registry();
  /** A counter in this registry; `labelNames` are the labels each count carries. */
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const requests = counter(
    'fangrid_http_requests_total',
    'HTTP requests answered, by method, route template and status code.',
    ['method', 'route', 'status'],
  );
  const latency = new Histogram({
    name: 'fangrid_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const entriesClaimed = counter(
    'fangrid_entries_claimed_total',
    'Board entries created (each holds its cells on a board).',
  );
  const webhooks = counter(
    'fangrid_webhook_results_total',
    'Webhook calls answered, by provider and result (ok: 2xx, rejected: 4xx, error: 5xx).',
    ['provider', 'result'],
  );
  const jobRuns = counter(
    'fangrid_job_runs_total',
    'Scheduled job runs on this instance (one instance runs each tick), by job and result.',
    ['job', 'result'],
  );
  const feedPolls = counter(
    'fangrid_feed_polls_total',
    'Reads of the scores feed run by this instance (schedule and live polls), by result (error: the run failed or one of its scoreboard fetches did).',
    ['job', 'result'],
  );
  const feedFailures = counter(
    'fangrid_feed_fetch_failures_total',
    'Scoreboard fetches that failed (counted as empty), by feed.',
    ['feed'],
  );

  // A feed job carries on past a league whose scoreboard cannot be fetched (it logs it): the run is marked
  // here, through its async context, so that the poll still counts as failed.
  const feedRun = new AsyncLocalStorage<{ fetchFailed: boolean }>();

  let sources: MetricsSources | undefined;
  const gauge = (name: string, help: string, read: (g: Gauge) => Promise<void> | void, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        if (sources) await read(this);
      },
    });

  gauge('fangrid_event_stream_connections', 'Live board streams (Server-Sent Events) open on this instance.', (g) => {
    g.set(sources?.streamsOpen() ?? 0);
  });
  gauge('fangrid_open_boards', 'Boards open for entries (not locked, settled or cancelled).', async (g) => {
    g.set((await boardFill())?.open ?? 0);
  });
  gauge(
    'fangrid_board_fill_ratio',
    'Cells held on open boards over the cells they offer (100 each), 0 to 1; 0 with no open board.',
    async (g) => {
      const fill = await boardFill();
      g.set(fill && fill.open > 0 ? fill.held / (fill.open * 100) : 0);
    },
  );
  gauge(
    'fangrid_outbox_backlog',
    'Messages waiting to be sent (queued or being sent), by outbox: mail or texts.',
    async (g) => {
      if (!sources) return;
      const result = await sources.db.execute(sql`
        select 'mail' as outbox, count(*)::int as n from mail_notifications where status in ('queued', 'sending')
        union all
        select 'texts', count(*)::int from sms_outbox where status in ('queued', 'sending')`);
      const { rows } = result as unknown as { rows: { outbox: string; n: number }[] };
      for (const row of rows) g.set({ outbox: row.outbox }, Number(row.n));
    },
    ['outbox'],
  );
  gauge(
    'fangrid_db_pool_connections',
    'PostgreSQL pool connections of this instance, by state: total, idle, waiting (clients queued for one).',
    (g) => {
      const stats = sources?.pool?.();
      if (!stats) return;
      g.set({ state: 'total' }, stats.total);
      g.set({ state: 'idle' }, stats.idle);
      g.set({ state: 'waiting' }, stats.waiting);
    },
    ['state'],
  );

  // One query per scrape serves both board gauges.
  let fillRead: { at: number; value: Promise<{ open: number; held: number } | undefined> } | undefined;
  function boardFill() {
    const now = Date.now();
    if (!fillRead || now - fillRead.at > 1000) {
      fillRead = {
        at: now,
        value: (async () => {
          if (!sources) return undefined;
          const res = await sources.db.execute(sql`
            select count(*)::int as open,
                   coalesce(sum((select count(*) from board_cells c where c.board_id = b.id)), 0)::int as held
            from boards b
            where b.locked_at is null and b.settled_at is null and b.cancelled_at is null`);
          const [row] = (res as unknown as { rows: { open: number; held: number }[] }).rows;
          return { open: Number(row?.open ?? 0), held: Number(row?.held ?? 0) };
        })(),
      };
    }
    return fillRead.value;
  }

  return {
    registry,
    /** Gives the collected gauges their sources (once the app has built them). */
    attach(given: MetricsSources) {
      sources = given;
    },
    /** Counts and times every request by its route template. */
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
        const route = req.routeOptions.url ?? 'unmatched';
        const status = reply.statusCode;
        requests.inc({ method: req.method, route, status: String(status) });
        latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
        if (route === entryRoute && req.method === 'POST' && status === 201) entriesClaimed.inc();
        const provider = webhookRoutes[route];
        if (provider) {
          webhooks.inc({ provider, result: status < 300 ? 'ok' : status < 500 ? 'rejected' : 'error' });
        }
      });
    },
    /** The job, counted: each run this instance makes, and whether it failed. */
    counted(job: Job): Job {
      return {
        ...job,
        run: async () => {
          const run = { fetchFailed: false };
          try {
            const result = await feedRun.run(run, job.run);
            jobRuns.inc({ job: job.name, result: 'ok' });
            if (job.name.startsWith('feed:')) {
              feedPolls.inc({ job: job.name, result: run.fetchFailed ? 'error' : 'ok' });
            }
            return result;
          } catch (err) {
            jobRuns.inc({ job: job.name, result: 'error' });
            if (job.name.startsWith('feed:')) feedPolls.inc({ job: job.name, result: 'error' });
            throw err;
          }
        },
      };
    },
    /** A scoreboard fetch failed: counted by feed, and (within a feed job's run) marks that poll as failed. */
    feedFailed(feed: string) {
      feedFailures.inc({ feed });
      const run = feedRun.getStore();
      if (run) run.fetchFailed = true;
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}
