import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * The emailed links (confirm, reset, one-time sign-in) take a callback: it must never send the reader to
 * another site. Every spelling of a foreign destination is refused (400) or, if Better Auth still answers with a
 * redirect, its Location stays on FanGrid.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const foreign = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example/',
  '/\\evil.example/',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  'https:evil.example',
  ' https://evil.example',
  'javascript:alert(1)',
  '/\tevil.example',
  'HTTPS://EVIL.EXAMPLE',
];
const links = [
  '/api/auth/verify-email?token=x',
  '/api/auth/reset-password/x?token=x',
  '/api/auth/magic-link/verify?token=x',
];
const own = new URL(ORIGIN).origin;

describe(`emailed links never redirect off FanGrid (${testDatabaseKind})`, () => {
  it('refuses or neutralises every spelling of a foreign callback on every link route', async () => {
    const c = new Client(ctx.app, '10.91.0.1');
    let refused = 0;
    let redirectedHome = 0;
    for (const link of links) {
      for (const target of foreign) {
        for (const param of ['callbackURL', 'errorCallbackURL']) {
          if (param === 'errorCallbackURL' && !link.includes('magic-link')) continue;
          const res = await c.get(`${link}&${param}=${encodeURIComponent(target)}`);
          expect(res.statusCode, `${link} ${param}=${target}`).toBeLessThan(500);
          const location = res.headers.location;
          if (res.statusCode === 400) refused++;
          if (typeof location === 'string') {
            expect(new URL(location, own).origin, `${link} ${param}=${target} -> ${location}`).toBe(own);
            redirectedHome++;
          }
        }
      }
    }
    console.info(
      `link redirects: ${refused} foreign callbacks refused with 400, ${redirectedHome} redirects all on FanGrid`,
    );
    expect(refused).toBeGreaterThan(0);
  });

  it('still follows a callback inside FanGrid', async () => {
    const res = await new Client(ctx.app, '10.91.0.2').get(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/login?confirmed=1')}`,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?confirmed=1/);
  });
});
