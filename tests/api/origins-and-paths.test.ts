import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { rateLimits } from '../../src/server/db/schema';
import { ORIGIN } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { pathSpellings } from '../support/spellings';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signIn = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '10.30.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers,
    payload: { email: 'nobody@example.com', password: 'wrong-pass' },
  });

describe(`same-origin posts wherever the app is opened in development (${testDatabaseKind})`, () => {
  it("accepts an Origin naming the request's own host: 127.0.0.1, a LAN address, another port", async () => {
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:5000', '[::1]:3000', 'fangrid.local']) {
      const res = await signIn(ctx.app, { host, origin: `http://${host}` });
      expect(res.statusCode, host).toBe(401); // reached Better Auth: a wrong password, not a refused origin
      expect(res.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    }
  });

  it('refuses a foreign Origin, an Origin for another host, and a missing one (403, nothing counted)', async () => {
    const cases: Record<string, string>[] = [
      { host: '127.0.0.1:3000', origin: 'http://evil.example' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' },
      { host: '127.0.0.1:3000', origin: 'null' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000.evil.example' },
      { host: 'evil.example/x', origin: 'http://evil.example' },
      { host: 'user@127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      { host: '127.0.0.1:3000' },
      { host: '127.0.0.1:3000', referer: 'http://evil.example/page' },
    ];
    for (const headers of cases) {
      const res = await signIn(ctx.app, headers, '10.30.0.2');
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('ORIGIN_REJECTED');
    }
    const counted = await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, '%10.30.0.2%'));
    expect(counted).toEqual([]);
  });

  it('production accepts PUBLIC_URL and TRUSTED_ORIGINS only, and logs the origin it refused', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: { level: 'warn', stream } as unknown as { level: string },
      settings: {
        production: true,
        paymentsTestMode: true,
        publicUrl: 'https://fangrid.example',
        trustedOrigins: ['https://fangrid.example', 'https://partners.example'],
      },
    });
    expect((await signIn(app, { host: 'fangrid.example', origin: 'https://fangrid.example' })).statusCode).toBe(401);
    expect((await signIn(app, { host: 'fangrid.example', origin: 'https://partners.example' })).statusCode).toBe(401);
    const own = await signIn(app, { host: '10.0.0.5:3000', origin: 'http://10.0.0.5:3000' });
    expect(own.statusCode).toBe(403);
    await app.close();
    const refused = lines.map((l) => JSON.parse(l)).find((l) => l.origin === 'http://10.0.0.5:3000');
    expect(refused?.msg).toMatch(/TRUSTED_ORIGINS/);
  });

  it('no spelling of a path skips the check: every state-changing route, under every spelling, needs the Origin', async () => {
    const routes = routeTable(ctx.app).filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        r.pattern.startsWith('/') &&
        r.pattern !== '/api/payments/webhook',
    );
    expect(routes.length).toBeGreaterThan(20);
    let tried = 0;
    let refused = 0;
    for (const route of routes) {
      const url = fillPattern(route.pattern, { slug: 'thunder-timberwolves' });
      for (const spelling of [url, ...pathSpellings(url)]) {
        const res = await ctx.app.inject({ method: route.method as 'POST', url: spelling, payload: {} });
        tried++;
        // A spelling that reaches a route is refused; one that reaches none is a 404 that changes nothing (or
        // the admin guard's 401, for a spelling that reads as an admin path).
        expect([401, 403, 404], `${route.method} ${spelling}`).toContain(res.statusCode);
        if (spelling === url) expect(res.statusCode, url).toBe(403);
        if (res.statusCode === 403) refused++;
      }
    }
    expect(refused).toBeGreaterThan(routes.length * 2);
    console.info(
      `origin check: ${tried} state-changing requests without an Origin: ${refused} refused (403), the rest matched no route`,
    );
  });
});

describe('Better Auth endpoints FanGrid guards cannot be reached through another spelling', () => {
  it('every spelling of sign-in is either counted by the limits or not found', async () => {
    const ip = '10.31.0.1';
    const counter = async () =>
      (
        await ctx.database.db
          .select()
          .from(rateLimits)
          .where(like(rateLimits.key, `auth-ip:${ip}`))
      )[0]?.count ?? 0;
    let reachedWithoutCount = 0;
    for (const url of ['/api/auth/sign-in/email', ...pathSpellings('/api/auth/sign-in/email')]) {
      const before = await counter();
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { origin: ORIGIN },
        payload: { email: 'nobody@example.com', password: 'wrong-pass' },
      });
      if (res.statusCode === 404) continue;
      if (res.statusCode === 429) break;
      if ((await counter()) === before) reachedWithoutCount++;
    }
    expect(reachedWithoutCount).toBe(0);
  });

  it('dot segments that Better Auth would resolve to a guarded endpoint are refused', async () => {
    for (const url of ['/api/auth/./sign-in/email', '/api/auth/x/../sign-in/email', '/api/auth/%2e/sign-up/email']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.31.0.2',
        headers: { origin: ORIGIN },
        payload: { email: 'nobody@example.com', password: 'wrong-pass' },
      });
      // 400 and 401 can only come from FanGrid's own routes (their validation, their wrong-password answer).
      expect([400, 401, 404], url).toContain(res.statusCode);
      if (res.statusCode === 401) {
        // Only FanGrid's own sign-in answers 401, and it counted the request.
        const rows = await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, 'auth-ip:10.31.0.2'));
        expect(rows[0]?.count).toBeGreaterThan(0);
      }
    }
  });
});

describe('source maps are never served in production', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'fangrid-maps-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><head><title>FanGrid</title></head>');
  writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1)\n//# sourceMappingURL=app-abc.js.map');
  writeFileSync(path.join(webDir, 'assets', 'app-abc.js.map'), '{"sources":["src/server/secret.ts"]}');
  writeFileSync(path.join(webDir, 'assets', 'app-abc.js.map.gz'), 'gz');

  it('production: every spelling of a map answers 404 without its contents; development still serves it', async () => {
    const prod = await buildApp({
      database: ctx.database,
      clock: ctx.clock,
      logger: false,
      webDir,
      settings: { production: true, publicUrl: 'https://fangrid.example', paymentsTestMode: true },
    });
    expect((await prod.inject({ url: '/assets/app-abc.js' })).statusCode).toBe(200);
    const spellings = [
      '/assets/app-abc.js.map',
      '/assets/app-abc.js.map.gz',
      '/assets/app-abc.js%2Emap',
      '/assets/app-abc.js.%6Dap',
      '/assets//app-abc.js.map',
      '/assets/./app-abc.js.map',
      '/assets/app-abc.js.MAP',
      '/assets/app-abc.js.map?x=1',
    ];
    for (const url of spellings) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const res = await prod.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('sources');
      }
    }
    await prod.close();
    const dev = await buildApp({ database: ctx.database, clock: ctx.clock, logger: false, webDir });
    expect((await dev.inject({ url: '/assets/app-abc.js.map' })).body).toContain('sources');
    await dev.close();
  });
});
