import { isIP } from 'node:net';
import { eq, like } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prizes, rateLimits, smsOutbox } from '../../src/server/db/schema';
import { clientKey, type PerAddressLimit } from '../../src/server/http/client-address';
import { createStreamLimits } from '../../src/server/http/stream-limits';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { textedCode } from '../support/free-entry';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * Issue 35 item 4: every per-address limit counts one client the same way. Every route of the app is found
 * through the app's onRoute hook; a route that limits per client address declares it (route option
 * `config: { perAddressLimit }`, see src/server/http/client-address.ts). For each declared route this file
 * sends the limit's requests three ways: from one address, from addresses spread over one IPv6 /64, and
 * alternating an IPv4 address with its IPv4-mapped IPv6 spelling; each must be refused (429) at the same count.
 * A declared route without a way to make its requests here fails (add a recipe below), and every other route
 * is sent a request from its own /64: one that counts anything under that client's key is a limit that was
 * not declared, and fails too.
 */

interface Captured {
  method: string;
  url: string;
  limit?: PerAddressLimit;
  body?: z.ZodType;
  params?: z.ZodType;
}
const routes: Captured[] = [];
const capture = (route: RouteOptions) => {
  const schema = route.schema as { body?: z.ZodType; params?: z.ZodType } | undefined;
  const limit = (route.config as { perAddressLimit?: PerAddressLimit } | undefined)?.perAddressLimit;
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD') routes.push({ method, url: route.url, limit, body: schema?.body, params: schema?.params });
  }
};

/** A board whose prizes were scored (the claim routes), and an open one (entries, its sheet, its live stream). */
const SLUG = 'limits-walk';
const OPEN = 'limits-walk-open';
let ctx: TestContext;
let admin: Client;
/** Claim links of four prizes of one winner: three for the code route's runs (its prize cap), one for claims. */
const tokens: string[] = [];
let claimToken = '';
let runs = 0;
let gateCookie = '';
let submissionId = '';
let receipt = '';
let seq = 11;
const random = () => {
  seq = (seq * 16807) % 2147483647;
  return (seq - 1) / 2147483646;
};

const entryBody = (i: number, tag: string) => ({
  phone: fictionPhone(i % 2500),
  nickname: `Walk${i}`,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `walk-${tag}-${i}`,
  smsConsent: false,
});
let n = 0;
const unique = () => `${n++}`;
/** The entries a client may make per minute here (the walk's setting). */
const ENTRY_LIMIT = 3;
/** Codes texted for the current run of free entries, by request index; how many addresses asked for codes. */
const freeCodes: string[] = [];
let codeAsks = 0;

interface Request {
  method?: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
/** How to make one counted request of a declared route (the i-th of a run), and what to do before each run. */
interface Recipe {
  before?: () => Promise<void>;
  request: (i: number) => Request;
}
const recipes: Record<string, Recipe> = {
  'POST /api/auth/sign-up/email': {
    request: () => ({
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'Walk Fan',
        email: `walk-${unique()}@example.com`,
        phone: '+12025550136',
        password: 'Squares-2025!',
        callbackURL: '/login',
      },
    }),
  },
  'POST /api/auth/sign-in/email': {
    request: () => ({
      url: '/api/auth/sign-in/email',
      payload: { email: `nobody-${unique()}@example.com`, password: 'wrong-pass' },
    }),
  },
  'POST /api/auth/request-password-reset': {
    request: () => ({ url: '/api/auth/request-password-reset', payload: { email: `nobody-${unique()}@example.com` } }),
  },
  'POST /api/auth/reset-password': {
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { newPassword: 'Squares-2025!', token: 'not-a-token' },
    }),
  },
  // Two-factor: counted before Better Auth answers (a visitor without a session or a challenge gets 401).
  'POST /api/auth/two-factor/enable': {
    request: () => ({ url: apiPaths.twoFactor.enable, payload: { password: 'Squares-2025!' } }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    request: () => ({ url: apiPaths.twoFactor.verifyTotp, payload: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    request: () => ({ url: apiPaths.twoFactor.verifyBackupCode, payload: { code: 'abcde-12345' } }),
  },
  'POST /api/auth/two-factor/disable': {
    request: () => ({ url: apiPaths.twoFactor.disable, payload: { password: 'Squares-2025!' } }),
  },
  'POST /api/auth/two-factor/generate-backup-codes': {
    request: () => ({ url: apiPaths.twoFactor.generateBackupCodes, payload: { password: 'Squares-2025!' } }),
  },
  'POST /api/admin-gate/passcode': {
    request: () => ({ url: '/api/admin-gate/passcode', payload: { passcode: 'wrong123' } }),
  },
  'POST /api/admin-gate/phrase': {
    request: () => ({
      url: '/api/admin-gate/phrase',
      payload: { phrase: 'wrong phrase' },
      headers: { cookie: gateCookie },
    }),
  },
  'POST /api/partners/inquiries': {
    request: () => ({
      url: apiPaths.partners.inquiries,
      payload: {
        name: 'Riley Coach',
        email: 'riley@clubs.example',
        organization: 'Northside Youth Hoops',
        message: 'We would love to run a board.',
      },
    }),
  },
  'POST /api/partners/:partnerId/submissions': {
    request: () => ({
      url: '/api/partners/future-stars/submissions',
      payload: {
        organizationName: 'Northside Youth Hoops',
        contactPerson: 'Riley Coach',
        email: 'riley@clubs.example',
        phone: '+1 202 555 0123',
        address: '12 Court Street',
        website: 'https://northside.example',
        memo: '',
        currentSponsorships: '',
        brandColors: '',
        brandDescription: '',
        logoUrl: '',
      },
    }),
  },
  'POST /api/partners/submissions/:submissionId/confirmation': {
    // A new saved form each run: one form takes only a few confirmations in all.
    before: async () => {
      runs += 1;
      const saved = await new Client(ctx.app, `10.66.${runs}.5`).post(
        '/api/partners/future-stars/submissions',
        recipes['POST /api/partners/:partnerId/submissions']?.request(0).payload as object,
      );
      expect(saved.statusCode, saved.body).toBe(201);
      submissionId = saved.json().submission.id;
      receipt = saved.json().receipt;
    },
    request: () => ({ url: `/api/partners/submissions/${submissionId}/confirmation`, payload: { receipt } }),
  },
  'POST /api/partners/logos': {
    // Counted before the upload is read: a request without a file is counted and refused (400).
    request: () => ({ url: apiPaths.partners.logos, payload: {} }),
  },
  'GET /api/boards/:slug/sheet.pdf': {
    request: () => ({ method: 'GET', url: `/api/boards/${OPEN}/sheet.pdf` }),
  },
  'POST /api/boards/:slug/entries': {
    request: (i) => ({ url: apiPaths.boardEntries(OPEN), payload: entryBody(i, unique()) }),
  },
  'POST /api/boards/:slug/free-entries': {
    // Each free entry needs the code texted to its number, asked for from addresses outside the run's client.
    before: async () => {
      freeCodes.length = 0;
      for (let i = 0; i < ENTRY_LIMIT + 2; i++) {
        freeCodes.push(await textedCode(ctx, OPEN, entryBody(i, '').phone, `10.67.${codeAsks++}.1`));
      }
    },
    request: (i) => ({
      url: `/api/boards/${OPEN}/free-entries`,
      payload: { ...entryBody(i, unique()), code: freeCodes[i] },
    }),
  },
  'POST /api/boards/:slug/free-entry/code': {
    request: () => ({ url: apiPaths.boardFreeEntryCode(OPEN), payload: { phone: fictionPhone(2500 + n++) } }),
  },
  'POST /api/auth/sign-in/link': {
    request: () => ({ url: '/api/auth/sign-in/link', payload: { email: `nobody-${unique()}@example.com` } }),
  },
  'POST /api/baseball/custom-entries': {
    request: () => ({
      url: apiPaths.baseball.customEntries,
      payload: {
        team1: 'Los Angeles Dodgers',
        team2: 'San Francisco Giants',
        gameDate: '2025-06-20',
        amountCents: 2500,
        ageConfirmed: true,
        rulesAccepted: true,
      },
    }),
  },
  'POST /api/donations/monthly/link': {
    request: () => ({ url: '/api/donations/monthly/link', payload: { email: `donor-${unique()}@example.com` } }),
  },
  'POST /api/claims/:token/code': {
    before: async () => {
      claimToken = tokens[runs++ % 3] ?? '';
    },
    request: () => ({ url: apiPaths.prizes.claimCode(claimToken) }),
  },
  'POST /api/claims/:token': {
    // Each run starts on a new code, asked for from elsewhere (a used-up code is refused all the same).
    before: async () => {
      claimToken = tokens[3] ?? '';
      const res = await new Client(ctx.app, '10.66.0.1').post(apiPaths.prizes.claimCode(claimToken));
      expect(res.statusCode, res.body).toBe(202);
    },
    request: () => ({ url: apiPaths.prizes.claim(claimToken), payload: { method: 'pickup', code: '000000' } }),
  },
  'GET /api/boards/:slug/events': {
    request: () => ({ method: 'GET', url: `/api/boards/${OPEN}/events` }),
  },
  'GET /api/live/boards': {
    request: () => ({ method: 'GET', url: `${apiPaths.boardsLive}?boards=${OPEN}` }),
  },
};

/** The routes whose answer is an event stream. */
const isStream = (url: string) => url.endsWith('/events') || url.startsWith(apiPaths.boardsLive);

/** Sends one request from `address` (a stream is left open: it holds its slot, as a real client's would). */
async function send(r: Request, address: string): Promise<number> {
  const stream = isStream(r.url);
  const res = await ctx.app.inject({
    method: r.method ?? 'POST',
    url: r.url,
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(r.headers ?? {}) },
    ...(r.method === 'GET' ? {} : { payload: (r.payload ?? {}) as object }),
    ...(stream ? { payloadAsStream: true } : {}),
  });
  return res.statusCode;
}

let block = 0;
/** Three ways one client sends: one address; a /64 spread; an IPv4 address and its IPv4-mapped spelling. */
function spellings() {
  block += 1;
  return {
    'one address': () => `198.18.${block}.7`,
    'a /64 spread': (i: number) =>
      `2001:db8:${block.toString(16)}:64:${((i * 7919) % 65536).toString(16)}:${i}:beef:${i + 1}`,
    'IPv4 and ::ffff: spellings': (i: number) => (i % 2 === 0 ? `198.19.${block}.9` : `::ffff:198.19.${block}.9`),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({
    random,
    onRoute: capture,
    streamLimits: createStreamLimits({ perClient: 3, perInstance: 1000 }),
    settings: {
      authRateLimitPerMinute: 3,
      entryLimitPerMinute: ENTRY_LIMIT,
      partnersRateLimitPerHour: 2,
      entriesPerPhonePerBoard: 1000,
    },
  });
  admin = await signedInAdmin(ctx.app, '10.66.0.2');
  const made = await admin.post(
    '/api/admin/boards',
    newGameBoardBody('thunder', SLUG, ctx.clock.now(), 30, { mode: 'sweepstakes', payoutMethods: ['pickup'] }),
  );
  expect(made.statusCode, made.body).toBe(201);
  // Four prizes with their claim links, for the claim routes.
  const fan = new Client(ctx.app, '10.66.0.3');
  const entered = await fan.post(apiPaths.boardEntries(SLUG), { ...entryBody(1, 'winner'), smsConsent: true });
  expect(entered.statusCode, entered.body).toBe(201);
  const code = (entered.json().entry as EntryCreated).code;
  expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);
  for (const [i, period] of ['q1', 'q2', 'q3', 'final'].entries()) {
    const board: BoardView = (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
    const cell = board.cells.find((c) => c.code === code)?.cell ?? 0;
    const scored = await admin.post(apiPaths.admin.boardScores(SLUG), { period, ...scoresFor(board, cell, i + 1) });
    expect(scored.statusCode, scored.body).toBe(200);
    const [prize] = await ctx.database.db.select().from(prizes).where(eq(prizes.period, period));
    const [win] = await ctx.database.db
      .select()
      .from(smsOutbox)
      .where(like(smsOutbox.key, `win:${prize?.id}:%`));
    tokens.push(/\/claim\/([A-Za-z0-9_.-]+)/.exec(win?.body ?? '')?.[1] ?? '');
  }
  expect(tokens.filter(Boolean)).toHaveLength(4);
  claimToken = tokens[0] ?? '';
  const open = await admin.post(
    '/api/admin/boards',
    newGameBoardBody('thunder', OPEN, ctx.clock.now(), 30, { mode: 'sweepstakes', payoutMethods: ['pickup'] }),
  );
  expect(open.statusCode, open.body).toBe(201);
  // A step-1 admin session, for wrong phrases.
  const gate = new Client(ctx.app, '10.66.0.4');
  expect((await gate.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  gateCookie = gate.cookieHeader;
});
afterAll(() => ctx?.close());

const declared = () => routes.filter((r) => r.limit);
const routeName = (r: Captured) => `${r.method} ${r.url}`;
const keysLike = async (pattern: string) =>
  (await ctx.database.db.select().from(rateLimits).where(like(rateLimits.key, pattern))).map((k) => k.key);

describe(`every per-address limit counts one client (${testDatabaseKind})`, () => {
  it('each declared route is refused at the same count from one address, a /64 spread and v4/v4-mapped', async () => {
    expect(declared().length).toBeGreaterThan(10);
    const missing = declared().filter((r) => !recipes[routeName(r)]);
    expect(missing.map(routeName), 'declared routes without a recipe in this file').toEqual([]);
    const lines: string[] = [];
    let requests = 0;
    for (const route of declared()) {
      const limit = route.limit as PerAddressLimit;
      const recipe = recipes[routeName(route)] as Recipe;
      const failures = limit.counts === 'failures';
      // Requests the client may make before the refusal; a lockout refuses the failure that reaches `max`.
      const allowed = failures ? limit.max - 1 : limit.max;
      const expected = [...Array(allowed).fill('ok'), 429, 429];
      runs = 0;
      for (const [how, addressOf] of Object.entries(spellings())) {
        await recipe.before?.();
        const statuses: Array<string | number> = [];
        for (let i = 0; i < allowed + 2; i++) {
          expect(isIP(addressOf(i)), addressOf(i)).not.toBe(0);
          const status = await send(recipe.request(i), addressOf(i));
          statuses.push(status === 429 ? 429 : status >= 500 ? status : 'ok');
        }
        requests += statuses.length;
        expect(statuses, `${routeName(route)} from ${how}`).toEqual(expected);
        if (limit.counts !== 'open streams') {
          const key = `${limit.scope}:${clientKey(addressOf(0))}`;
          expect(await keysLike(`${key}%`), `${routeName(route)} counts under ${key}`).not.toEqual([]);
        }
      }
      lines.push(`${routeName(route)}: ${limit.scope} ${limit.max} ${limit.counts ?? 'requests'}`);
    }
    // No count anywhere under a spelling clientKey would have changed.
    const raw = (await keysLike('%')).filter((k) => /::ffff:|(?:[0-9a-f]{1,4}:){5}[0-9a-f]{1,4}/i.test(k));
    expect(raw).toEqual([]);
    console.info(
      `per-address limits: ${declared().length} declared routes × 3 spellings of one client (one address, /64 spread, v4 and ::ffff:), ${requests} requests, each refused at its count\n  ${lines.join('\n  ')}`,
    );
  });

  it('no route counts a client address without declaring it', async () => {
    const others = routes.filter((r) => !r.limit && !r.url.includes('*'));
    const offenders: string[] = [];
    for (const [i, route] of others.entries()) {
      const address = `2001:db8:fff${(i >> 12) & 0xf}:${(i & 0xfff).toString(16)}:1:2:3:4`;
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => sampleParam(route, name));
      const payload = route.body ? sample(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' })) : {};
      const status = await send({ method: route.method as 'GET' | 'POST', url, payload }, address);
      expect(status, `${routeName(route)} answered ${status}`).toBeLessThan(500);
      const counted = [...(await keysLike(`%${clientKey(address)}%`)), ...(await keysLike(`%${address}%`))];
      if (counted.length > 0) offenders.push(`${routeName(route)}: ${counted.join(', ')}`);
    }
    expect(offenders, 'routes that count a client address without config.perAddressLimit').toEqual([]);
    console.info(`per-address limits: ${others.length} other routes sent a request each, none counted its client`);
  });
});

type Json = Record<string, unknown>;
/** A plausible value for a JSON Schema (from a route's zod schema), so a request gets past validation. */
function sample(schema: Json): unknown {
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants?.[0]) return sample(variants[0]);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(Object.entries(props).map(([k, p]) => [k, sample(p)]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample((schema.items ?? {}) as Json));
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'string':
      if (schema.format === 'email') return 'walk@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'plain'.padEnd(Number(schema.minLength ?? 0), 'x');
    default:
      return 'plain';
  }
}
function sampleParam(route: Captured, name: string): string {
  if (name === 'slug') return SLUG;
  if (name === 'token') return claimToken;
  const props = (
    route.params ? z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }).properties : {}
  ) as Record<string, Json> | undefined;
  const value = sample(props?.[name] ?? { type: 'string' });
  return encodeURIComponent(String(value));
}
