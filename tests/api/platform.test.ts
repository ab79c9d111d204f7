import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/server/http/errors';
import { apiErrorSchema } from '../../src/shared/contracts/errors';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

describe(`platform on ${testDatabaseKind}`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'fangrid-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><head><title>FanGrid shell</title></head>');
  writeFileSync(
    path.join(webDir, 'route-preloads.json'),
    JSON.stringify({
      '/gaming': { modules: ['/assets/gaming-hub-page-abc.js'], data: ['/api/content/pages/gaming'] },
      '/boards/:slug': { modules: ['/assets/board-page-abc.js'], data: ['/api/boards/:slug'] },
      // A screen with many chunks: its HTML passes the 1 KB over which responses are compressed.
      '/f1-season': { modules: Array.from({ length: 30 }, (_, i) => `/assets/chunk-${i}-abc.js`), data: [] },
    }),
  );

  beforeAll(async () => {
    ctx = await createTestApp({ webDir });
    // Probe routes to exercise the shared error handling through real validation.
    ctx.app.get(
      '/api/__probe/validate',
      { schema: { querystring: z.object({ n: z.coerce.number().int().min(1) }) } },
      async (req) => ({ n: (req.query as { n: number }).n }),
    );
    ctx.app.post(
      '/api/__probe/echo',
      { schema: { body: z.object({ name: z.string().min(1).max(7) }) } },
      async (req) => req.body,
    );
    ctx.app.get('/api/__probe/app-error', async () => {
      throw new AppError(409, 'BOARD_FULL', 'This board is full.');
    });
    ctx.app.get('/api/__probe/crash', async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(() => ctx.close());

  it("serves each screen's HTML with its preloads, and the plain shell elsewhere", async () => {
    for (const url of ['/gaming', '/gaming/', '/gaming?tab=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/gaming-hub-page-abc.js">',
      );
      expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/content/pages/gaming">');
    }
    const board = await ctx.app.inject({ method: 'GET', url: '/boards/finals-game-5?ref=qr' });
    expect(board.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/boards/finals-game-5">');
    const other = await ctx.app.inject({ method: 'GET', url: '/faq' });
    expect(other.body).toBe('<!doctype html><head><title>FanGrid shell</title></head>');
    const odd = await ctx.app.inject({ method: 'GET', url: '/boards/a%3Cb' });
    expect(odd.body).toBe('<!doctype html><head><title>FanGrid shell</title></head>');
  });

  it("compresses a screen's HTML for a browser that accepts it, and only then", async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/f1-season' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/f1-season', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // An unknown API path is still the JSON 404, and any other method too.
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const post = await ctx.app.inject({ method: 'DELETE', url: '/f1-season' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('GET /api/health reports ok when the database answers and live updates flow', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', realtime: 'ok', uptimeSeconds: 0 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready answers as /api/health does, and /api/health/live answers without the database', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok', realtime: 'ok' });
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health uses the injected clock for uptime', async () => {
    ctx.clock.advance(90_000);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().uptimeSeconds).toBe(90);
  });

  it('sends the strict CSP and security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown API routes with the JSON error shape and 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'No API route for GET /api/does-not-exist' });
  });

  it('answers a non-GET to an unknown path with a JSON 404, never the app shell', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/sports', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
  });

  it('serves the web app shell for client-side routes', async () => {
    for (const url of ['/', '/sports', '/faq', '/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('FanGrid shell');
    }
  });

  it('returns 404 for a missing hashed asset instead of the shell', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('turns bad input into a 400 with field messages', async () => {
    for (const url of ['/api/__probe/validate', '/api/__probe/validate?n=abc', '/api/__probe/validate?n=0']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.n, url).toBeTruthy();
    }
  });

  it('passes an intended AppError through with its status, code and message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/__probe/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'BOARD_FULL', message: 'This board is full.' } });
  });

  it('hides unexpected failures behind a generic 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/__probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    expect(res.body).not.toContain('secret');
  });

  it('rejects malformed JSON, wrong types and too-long values with a 400 in the error shape', async () => {
    const cases = [
      { payload: '{"broken', status: 400 },
      { payload: JSON.stringify({ name: 42 }), status: 400 },
      { payload: JSON.stringify({ name: '' }), status: 400 },
      { payload: JSON.stringify({ name: 'TOOLONGNAME' }), status: 400 },
      { payload: JSON.stringify({ name: 'OK' }), status: 200 },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/__probe/echo',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBe(c.status);
      if (c.status === 400) expect(apiErrorSchema.safeParse(res.json()).success, c.payload).toBe(true);
    }
  });
});

describe('health when the database is down', () => {
  it('answers 503 with database unreachable', async () => {
    const ctx = await createTestApp();
    await ctx.app.close();
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({
      database: { db: ctx.database.db, ping: async () => false, listen: ctx.database.listen },
      logger: false,
    });
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'unreachable', realtime: 'ok' });
    }
    // The process still answers: a load balancer takes it out of rotation but does not restart it.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
    await ctx.database.close();
  });
});
