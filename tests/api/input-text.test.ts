import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { knicksBoardBody } from '../support/boards';
import { Client, latestMailTo, linkIn } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * The class test for text the database (or a reader) cannot take: every route the app registers is found
 * through an onRoute hook (so a route added later is covered without touching this file), and every string
 * in its body, query string and path is sent with control characters, a lone surrogate, a line separator
 * and a bidi override. Each must get a 4xx with the one error shape (naming the field, for schema-checked
 * fields), never a 500, and the database must be unchanged afterwards.
 */

interface CapturedRoute {
  method: string;
  url: string;
  schema?: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
}
const routes = vi.hoisted(() => [] as CapturedRoute[]);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const create = ((opts: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts) as unknown as FastifyInstance;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as CapturedRoute['schema'] });
      }
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: create, fastify: create };
});

/** What every text field refuses (tab and line breaks are allowed in multi-line fields, so not here). */
const refused: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['line separator', '\u2028'],
  ['right-to-left override', '\u202e'],
  ['first strong isolate', '\u2068'],
  ['lone surrogate', '\ud800'],
];
const spoil = (c: string) => `Ab${c}cd`;

type Path = Array<string | number>;
interface Leaf {
  path: Path;
  /** Discriminators met on the way (a union's `kind`), so the leaf is checked inside its variant. */
  fixed: Array<{ path: Path; value: unknown }>;
}
type Json = Record<string, unknown>;

/** Every string leaf of a JSON Schema (from the route's zod schema), through objects, arrays and unions. */
function stringLeaves(schema: Json, path: Path = [], fixed: Leaf['fixed'] = []): Leaf[] {
  const variants = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Json[] | undefined;
  if (variants) return variants.flatMap((v) => stringLeaves(v, path, fixed));
  if (schema.type === 'string' && schema.const === undefined && schema.enum === undefined) return [{ path, fixed }];
  if (schema.type === 'object' && schema.properties) {
    const props = schema.properties as Record<string, Json>;
    const consts = Object.entries(props)
      .filter(([, p]) => p.const !== undefined || (Array.isArray(p.enum) && p.enum.length === 1))
      .map(([key, p]) => ({ path: [...path, key], value: p.const ?? (p.enum as unknown[])[0] }));
    return Object.entries(props).flatMap(([key, p]) => stringLeaves(p, [...path, key], [...fixed, ...consts]));
  }
  if (schema.type === 'array') {
    const tuple = schema.prefixItems as Json[] | undefined;
    if (tuple) {
      // The other places of a tuple hold a plain word, so the tuple's length is right.
      const others = (i: number) =>
        tuple.map((_, j) => ({ path: [...path, j], value: 'plain' })).filter((_, j) => j !== i);
      return tuple.flatMap((item, i) => stringLeaves(item, [...path, i], [...fixed, ...others(i)]));
    }
    if (schema.items) return stringLeaves(schema.items as Json, [...path, 0], fixed);
  }
  return [];
}

function setAt(target: Json, path: Path, value: unknown) {
  let node: Json | unknown[] = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    const slot = node as Record<string | number, unknown>;
    if (last) slot[key] = value;
    else {
      slot[key] ??= typeof next === 'number' ? [] : {};
      node = slot[key] as Json;
    }
  });
}

function bodyFor(leaf: Leaf, value: string): Json {
  const body: Json = {};
  for (const f of leaf.fixed) setAt(body, f.path, f.value);
  setAt(body, leaf.path, value);
  return body;
}

const toJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as Json;
/** Percent-encodes like a browser would, and a lone surrogate as the raw bytes a hostile client could send. */
const encode = (value: string) =>
  [...value].map((ch) => (/^\p{Cs}$/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
/**
 * The route's URL with each `:param` (and a trailing `*`) filled in: `target` gets `value`, the others a
 * value their schema takes (an enum's first option) or a plain word, so the checks reach the part tried.
 */
function fill(route: CapturedRoute, target?: string, value?: string): string {
  const props = (route.schema?.params ? toJson(route.schema.params).properties : {}) as Record<string, Json>;
  const plain = (name: string) => String((props[name]?.enum as unknown[] | undefined)?.[0] ?? 'plain');
  return route.url
    .replace(/:(\w+)/g, (_, name: string) => (name === target ? encode(value ?? '') : plain(name)))
    .replace(/\*$/, target === '*' ? encode(value ?? '') : 'plain');
}

let ctx: TestContext;
let admin: Client;

/** A fingerprint of every table's rows: equal before and after means nothing was written. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = (await ctx.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const res = (await ctx.database.db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
      ),
    )) as unknown as { rows: { f: string }[] };
    out[name] = res.rows[0]?.f ?? '';
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestApp();
  let n = 0;
  await seedDemoBoards(ctx.database.db, ctx.clock, () => (n++).toString(16).padStart(64, 'c'));
  // Admin routes check the admin session and /api/me routes the account before anything else: this client
  // passes the gate and signs in, so their input is checked too.
  admin = new Client(ctx.app, '10.77.0.1');
  const email = 'text-class@example.com';
  const signUp = await admin.post('/api/auth/sign-up/email', {
    name: 'Text Class',
    phone: '+12025550109',
    email,
    password: 'Squares-2025!',
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  await admin.get(linkIn((await latestMailTo(ctx.database.db, email))?.text ?? ''));
  expect((await admin.get('/api/me')).json().user?.email).toBe(email);
  expect((await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' })).statusCode).toBe(200);
  expect((await admin.post('/api/admin-gate/phrase', { phrase: 'game day' })).statusCode).toBe(200);
  // Organizer routes answer 404 to anyone outside the organization before they read the body: this client
  // owns the organization every `:org` is filled with, so their input is checked too.
  expect((await admin.post('/api/orgs', { name: 'Plain Text Class', slug: 'plain' })).statusCode).toBe(201);
  // It runs a board, so no spelling of its address deletes it (an organization with boards is kept).
  const { organization: _path, ...board } = knicksBoardBody('plain-text-board', ctx.clock.now(), 90);
  const made = await admin.post('/api/orgs/plain/boards', board);
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(() => ctx.close());

interface Tried {
  route: string;
  where: string;
  char: string;
  status: number;
  body: string;
}

describe('text no field takes, on every route (class test)', () => {
  it('finds the routes and their schemas', () => {
    const withBody = routes.filter((r) => r.schema?.body);
    expect(withBody.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.url === '/api/boards/:slug/entries' && r.schema?.body)).toBe(true);
    expect(routes.some((r) => r.url === '/api/auth/sign-up/email' && r.schema?.body)).toBe(true);
  });

  it('answers 4xx with the error shape to each refused character in every string, and writes nothing', async () => {
    const before = await fingerprint();
    const tried: Tried[] = [];
    const wrong: Tried[] = [];
    const send = async (method: string, url: string, payload?: Json) => {
      const res = await admin.send(method as 'POST', url, payload);
      return res;
    };
    const check = (t: Tried, fieldKey?: string) => {
      tried.push(t);
      let shape = false;
      let named = true;
      try {
        const body = JSON.parse(t.body) as { error?: { code?: unknown; message?: unknown; fields?: Json } };
        shape = typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
        if (fieldKey !== undefined) named = Object.hasOwn(body.error?.fields ?? {}, fieldKey);
      } catch {
        shape = false;
      }
      // Outside /api (stored uploads) a refusal is a plain 404 page, not the API's error shape.
      const api = t.route.split(' ')[1]?.startsWith('/api/') ?? true;
      if (t.status < 400 || t.status >= 500 || (api && !shape) || !named) wrong.push(t);
    };

    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      // Bodies: each string leaf of the body schema.
      if (route.schema?.body) {
        for (const leaf of stringLeaves(toJson(route.schema.body))) {
          for (const [char, c] of refused) {
            const res = await send(route.method, fill(route), bodyFor(leaf, spoil(c)));
            check(
              { route: name, where: `body ${leaf.path.join('.')}`, char, status: res.statusCode, body: res.body },
              leaf.path.join('.'),
            );
          }
        }
      }
      // Query strings: each string parameter of the query schema.
      if (route.schema?.querystring) {
        for (const leaf of stringLeaves(toJson(route.schema.querystring))) {
          const key = String(leaf.path[0]);
          // A query string's bytes that are not UTF-8 (%ED%A0%80) are read as the literal text, never as a
          // lone surrogate, so that spelling is not one to refuse there.
          for (const [char, c] of refused.filter(([name]) => name !== 'lone surrogate')) {
            const url = `${fill(route)}?${key}=${encode(spoil(c))}`;
            const res = await send(route.method, url, route.method === 'GET' ? undefined : {});
            check({ route: name, where: `query ${key}`, char, status: res.statusCode, body: res.body });
          }
        }
      }
      // Path parameters, with or without a params schema (and a trailing wildcard).
      const params = [...paramNames(route.url), ...(route.url.endsWith('*') ? ['*'] : [])];
      for (const param of params) {
        for (const [char, c] of refused) {
          const url = fill(route, param, spoil(c));
          const res = await send(
            route.method,
            url,
            route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          );
          check({ route: name, where: `path ${param}`, char, status: res.statusCode, body: res.body });
        }
      }
    }

    const summary = [...new Set(wrong.map((w) => `${w.route} | ${w.where} | ${w.status} | ${w.body.slice(0, 160)}`))];
    expect(summary, summary.join('\n')).toEqual([]);
    expect(tried.length).toBeGreaterThan(1000);
    expect(await fingerprint()).toEqual(before);
    console.info(`text class test: ${tried.length} requests over ${routes.length} routes, all refused with a 4xx`);
  }, 120_000);

  it('answers every path parameter that names nothing (not an id, too long, odd) without a 500', async () => {
    const before = await fingerprint();
    const odd = ['plain', 'x'.repeat(100), '00000000-0000-0000-0000-000000000000', '-1', '1e999', '..', '%2F'];
    const wrong: string[] = [];
    let tried = 0;
    for (const route of routes) {
      if (route.url.startsWith('/api/dev/') || route.url.endsWith('/events')) continue;
      for (const param of paramNames(route.url)) {
        for (const value of odd) {
          const url = fill(route, param, value).replace(encode(value), value);
          const res = await admin.send(
            route.method as 'POST',
            url,
            route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          );
          tried++;
          if (res.statusCode >= 500)
            wrong.push(`${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(tried).toBeGreaterThan(100);
    expect(await fingerprint()).toEqual(before);
    console.info(`odd path parameters: ${tried} requests, none answered 5xx`);
  });
});

describe('the reported cases, with otherwise valid requests', () => {
  it('a NUL in the sign-up name or in an entry nickname is a 400 naming the field, and nothing is stored', async () => {
    const before = await fingerprint();
    const fan = new Client(ctx.app, '10.77.0.2');
    for (const name of ['Jor\u0000dan', 'Jordan\u0000', '\u202eJordan', 'Jor\ud800dan']) {
      const res = await fan.post('/api/auth/sign-up/email', {
        name,
        phone: '+12025550102',
        email: 'nul-name@example.com',
        password: 'Squares-2025!',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ name: 'Name contains characters that are not allowed' });
    }
    for (const nickname of ['Jo\u0000e', '\u0000', 'Jo\u202ee', 'Jo\u2028e', 'Jo\u0085e', 'Jo\ud800e']) {
      const res = await fan.post('/api/boards/thunder-timberwolves/entries', {
        phone: '+12025550102',
        nickname,
        amountCents: 500,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `nul-nickname-${nickname.codePointAt(2)}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ nickname: 'Nickname contains characters that are not allowed' });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('Better Auth endpoints FanGrid does not use are not served (they took bodies past the contracts)', async () => {
    const before = await fingerprint();
    for (const [url, body] of [
      ['/api/auth/update-user', { name: 'A\u0000b' }],
      ['/api/auth/update-user', { phone: 'not a phone' }],
      ['/api/auth/change-password', { currentPassword: 'Squares-2025!', newPassword: '123456' }],
      ['/api/auth/change-email', { newEmail: 'other@example.com' }],
      ['/api/auth/delete-user', {}],
      ['/api/auth/sign-up/email/', { name: 'N\u0000', phone: '+12025550109', email: 'x@example.com', password: 'x' }],
    ] as const) {
      const res = await admin.post(url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await fingerprint()).toEqual(before);
    // The emailed links and sign-out still reach Better Auth.
    const bad = await admin.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin');
    expect(bad.statusCode).toBeLessThan(500);
  });
});
