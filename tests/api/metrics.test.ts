import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../../src/server/http/metrics-port';
import { createMetrics } from '../../src/server/platform/metrics';
import { createLocalProvider } from '../../src/server/platform/payments';
import { createHttpScoresSource } from '../../src/server/platform/scores';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { testCards } from '../../src/shared/domain/payments';
import { knicksBoardBody } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin, startFakeFeed } from './fake-feed';

const token = 'metrics-token-for-tests-0123456789';
const secret = 'test-secret-for-metrics-0123456789abcdef';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
let ctx: TestContext;
// A scores service that answers every scoreboard with HTTP 500.
let brokenFeed: Awaited<ReturnType<typeof startFakeFeed>>;

beforeAll(async () => {
  brokenFeed = await startFakeFeed('/nothing-here', () => null);
  ctx = await createTestApp({
    payments: provider,
    scores: createHttpScoresSource({ baseUrl: brokenFeed.baseUrl, timeoutMs: 2000 }),
    settings: { metricsToken: token, authSecret: secret },
  });
  await ctx.app.ready();
  await ctx.clock.tick(0); // the schedule's read at start (not a scheduled job's run)
});
afterAll(async () => {
  await ctx?.close();
  await brokenFeed?.close();
});

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
/** The value of one series in a scrape (undefined when the series is absent). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const scraped = async () => {
  const res = await scrape(`Bearer ${token}`);
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('/metrics', () => {
  it('is not found without the bearer token, or with a wrong one', async () => {
    for (const header of [undefined, `Bearer ${token}x`, token, `Basic ${token}`]) {
      const res = await scrape(header);
      expect(res.statusCode, header).toBe(404);
      expect(res.body).not.toContain('fangrid_');
    }
  });

  it('counts requests by route template, entries, and reads the gauges', async () => {
    const admin = await signedInAdmin(ctx.app, '10.71.0.1');
    const made = await admin.post('/api/admin/boards', knicksBoardBody('metrics-board', ctx.clock.now(), 60));
    expect(made.statusCode, made.body).toBe(201);
    const fan = new Client(ctx.app, '10.71.0.2');
    const entry = await fan.post(apiPaths.boardEntries('metrics-board'), {
      phone: '+12025550135',
      nickname: 'Metric',
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: 'metrics-1',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    await ctx.app.inject({ method: 'GET', url: '/api/boards/metrics-board' });

    const res = await scrape(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/fangrid_http_requests_total\{method="GET",route="\/api\/boards\/:slug",status="200"\} 1/);
    expect(text).not.toContain('metrics-board');
    expect(text).toMatch(/fangrid_entries_claimed_total 1/);
    expect(text).toMatch(/fangrid_open_boards \d+/);
    expect(text).toMatch(/fangrid_board_fill_ratio 0\.\d+/);
    expect(text).toMatch(/fangrid_outbox_backlog\{outbox="mail"\} \d+/);
    expect(text).toMatch(/fangrid_outbox_backlog\{outbox="texts"\} \d+/);
    expect(text).toMatch(/fangrid_event_stream_connections 0/);
    expect(text).toContain('fangrid_http_request_duration_seconds_bucket');
  });
});

describe('/metrics: webhooks, the feed and the pool', () => {
  it('counts webhook answers by provider and result: a paid checkout’s event ok, a forged one rejected', async () => {
    const ok = 'fangrid_webhook_results_total{provider="payments",result="ok"}';
    const rejected = 'fangrid_webhook_results_total{provider="payments",result="rejected"}';
    const smsRejected = 'fangrid_webhook_results_total{provider="sms",result="rejected"}';
    const before = await scraped();
    const fan = new Client(ctx.app, '10.71.0.3');
    const started = await fan.post(apiPaths.donations.checkout, {
      kind: 'baseball',
      type: 'one-time',
      amountCents: 1200,
      gameData: { id: 'dodgers-giants', title: 'Dodgers vs Giants', organization: 'Dodgers Foundation' },
      donorName: 'Vin Scully',
      donorEmail: 'metrics-donor@example.com',
    });
    expect(started.statusCode, started.body).toBe(201);
    const { sessionId } = started.json<CheckoutStarted>();
    // The local checkout posts its signed event to the webhook route, as Stripe would.
    const paid = await fan.post(apiPaths.payments.localPay(sessionId), {
      number: testCards.pays,
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: '{"id":"evt_forged","type":"checkout.session.completed"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.statusCode).toBe(400);
    const sms = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      payload: 'From=%2B14155550199&Body=STOP',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
    });
    expect(sms.statusCode).toBeGreaterThanOrEqual(400);
    expect(sms.statusCode).toBeLessThan(500);

    const after = await scraped();
    expect((sample(after, ok) ?? 0) - (sample(before, ok) ?? 0)).toBe(1);
    expect((sample(after, rejected) ?? 0) - (sample(before, rejected) ?? 0)).toBe(1);
    expect((sample(after, smsRejected) ?? 0) - (sample(before, smsRejected) ?? 0)).toBe(1);
    // Only webhook answers are in question here: the feed's own polls count their errors apart.
    expect(after).not.toMatch(/fangrid_webhook_results_total\{[^}]*result="error"/);
  });

  it('counts failed scoreboard fetches by feed, and a feed poll whose fetches failed as an error', async () => {
    const before = await scraped();
    // The ticker reads its feeds on a request; the hourly schedule read runs on the scheduler.
    const ticker = await ctx.app.inject({ method: 'GET', url: apiPaths.scores.ticker });
    expect(ticker.statusCode, ticker.body).toBe(200);
    await ctx.clock.tick(60 * 60_000);
    const after = await scraped();
    const failures = (text: string, feed: string) =>
      sample(text, `fangrid_feed_fetch_failures_total{feed="${feed}"}`) ?? 0;
    expect(brokenFeed.requests.some((u) => u.includes('/basketball/nba/scoreboard?dates='))).toBe(true);
    for (const feed of ['nba', 'nfl', 'mlb']) {
      expect(failures(after, feed) - failures(before, feed), feed).toBeGreaterThan(0);
    }
    // The schedule job itself carried on (ok) but its poll failed.
    expect(sample(after, 'fangrid_feed_polls_total{job="feed:schedule",result="error"}')).toBeGreaterThan(0);
    expect(sample(after, 'fangrid_feed_polls_total{job="feed:schedule",result="ok"}')).toBeUndefined();
    expect(sample(after, 'fangrid_job_runs_total{job="feed:schedule",result="ok"}')).toBeGreaterThan(0);
  });

  it('reads the database pool on PostgreSQL (PGlite has no pool and no such series)', async () => {
    const text = await scraped();
    const pool = (state: string) => sample(text, `fangrid_db_pool_connections{state="${state}"}`);
    if (testDatabaseKind === 'pglite') {
      expect(text).not.toContain('fangrid_db_pool_connections{');
      return;
    }
    const total = pool('total') ?? -1;
    const idle = pool('idle') ?? -1;
    // The test database's pool has up to 4 connections; requests have used at least one, none is waiting now.
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(4);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(pool('waiting')).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  it('serves metrics on its own listener, with the token when one is set', async () => {
    const metrics = createMetrics();
    const server = await serveMetrics(metrics, { host: '127.0.0.1', port: 0, token });
    try {
      const address = server.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('fangrid_http_requests_total');
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('leaves the public port without metrics when no token is given to it', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
