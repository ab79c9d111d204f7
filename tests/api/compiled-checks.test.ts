import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkSource, checksDir, hasRefinements, markedSchema } from '../../scripts/compiled-checks';
import { accountPaths, authEndpointPaths } from '../../src/shared/contracts/api-paths/accounts';
import { contentPaths } from '../../src/shared/contracts/api-paths/content';
import { openBoardPaths } from '../../src/shared/contracts/api-paths/open-boards';
import { partnerPaths } from '../../src/shared/contracts/api-paths/partners';
import { scoresPaths } from '../../src/shared/contracts/api-paths/scores';
import { pageSlugs } from '../../src/shared/contracts/pages';
import { signedInFan } from '../support/accounts';
import { multipart, tinyPng } from '../support/files';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * Each compiled check (src/web/checks/, docs/decisions/0028) against the zod schema it was compiled from, on
 * the server's real answers and on those answers broken one place at a time: the check never refuses what zod
 * accepts, and where the schema has no refinement (a rule written as code, left to the server) it refuses
 * exactly what zod refuses.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const checkFiles = readdirSync(checksDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(checksDir, f));

let ctx: TestContext;
/** Per check module (relative to src/web/checks), the real answers it is for. */
const answers = new Map<string, Json[]>();

beforeAll(async () => {
  ctx = await createTestApp();
  const visitor = new Client(ctx.app, '10.77.0.1');
  const get = async (client: Client, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json<Json>();
  };
  const visitorMe = await get(visitor, accountPaths.me);
  const fan = await signedInFan(ctx.database.db, new Client(ctx.app, '10.77.0.2'), {
    email: 'checks@fangrid.test',
    name: 'Check Fan',
    phone: '+12025550143',
  });
  const fanMe = await get(fan, accountPaths.me);
  const signedOut = await fan.post(authEndpointPaths.signOut, {});
  expect(signedOut.statusCode).toBe(200);
  answers.set('me-response.ts', [visitorMe, fanMe]);
  answers.set('signed-out.ts', [signedOut.json<Json>()]);
  answers.set('home-content.ts', [await get(visitor, contentPaths.home)]);
  answers.set('faq-content.ts', [await get(visitor, contentPaths.faq)]);
  answers.set('sports-hub-content.ts', [await get(visitor, contentPaths.sportsHub)]);
  answers.set('open-boards.ts', [await get(visitor, openBoardPaths.openBoards)]);
  const inquiry = await visitor.post(partnerPaths.inquiries, {
    name: 'Riley Coach',
    email: 'riley@clubs.example',
    phone: '+1 202 555 0123',
    organization: 'Northside Youth Hoops',
    message: 'We would love to run a 1v49 board for our fall fundraiser.',
  });
  expect(inquiry.statusCode, inquiry.body).toBe(201);
  answers.set('inquiry-receipt.ts', [inquiry.json<Json>()]);
  const saved = await visitor.post(partnerPaths.submissions('future-stars'), {
    organizationName: 'Northside Youth Hoops',
    contactPerson: 'Riley Coach',
    email: 'riley@clubs.example',
    phone: '+1 202 555 0123',
    address: '12 Court Street',
    website: 'https://northside.example',
    memo: 'Fall season fundraiser',
    currentSponsorships: 'Local bakery',
    brandColors: 'Navy, gold',
    brandDescription: 'Friendly neighborhood club',
    logoUrl: '',
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const { submission, receipt } = saved.json<{ submission: { id: string }; receipt: string }>();
  answers.set('saved-submission.ts', [saved.json<Json>()]);
  const sent = await visitor.post(partnerPaths.confirmation(submission.id), { receipt });
  expect(sent.statusCode, sent.body).toBe(200);
  answers.set('confirmation-sent.ts', [sent.json<Json>()]);
  const form = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', content: tinyPng() }]);
  const logo = await visitor.post(partnerPaths.logos, form.payload, form.headers);
  expect(logo.statusCode, logo.body).toBe(201);
  answers.set('uploaded-logo.ts', [logo.json<Json>()]);
  answers.set('ticker.ts', [await get(visitor, scoresPaths.ticker)]);
  answers.set('nfl-preseason.ts', [await get(visitor, scoresPaths.nflPreseason)]);
  answers.set('mlb-scores.ts', [await get(visitor, scoresPaths.mlb)]);
  for (const slug of pageSlugs) answers.set(`pages/${slug}.ts`, [await get(visitor, contentPaths.page(slug))]);
});
afterAll(() => ctx.close());

const compile = (schema: z.core.$ZodType) =>
  new Function(`return ${checkSource(schema)}`)() as (data: unknown) => boolean;

/** Every place in a JSON value, as a path of keys and indexes (the root is []). */
function places(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => places(v, [...at, i])));
  if (value && typeof value === 'object') {
    return here.concat(...Object.entries(value).map(([k, v]) => places(v, [...at, k])));
  }
  return here;
}

type Change = { kind: 'replace'; with: Json } | { kind: 'drop' } | { kind: 'add'; key: string; value: Json };

/** The value with one change at one place (a copy; the original is kept). */
function changed(value: Json, at: (string | number)[], change: Change): Json {
  const copy = structuredClone(value);
  if (at.length === 0) return change.kind === 'replace' ? change.with : copy;
  const parent = at.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key] as Json, copy);
  const key = at[at.length - 1] as string | number;
  const target = parent as Record<string | number, Json>;
  if (change.kind === 'replace') target[key] = change.with;
  else if (change.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete target[key];
  } else {
    const node = target[key];
    if (node && typeof node === 'object' && !Array.isArray(node)) node[change.key] = change.value;
  }
  return copy;
}

const jsonValue = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 30 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('', 'x', '2025-07-04', 'WAS', 'completed', 'live', '/sports', '\u{1F3C0}'),
  fc.constant([]),
  fc.constant({}),
);
const change: fc.Arbitrary<Change> = fc.oneof(
  jsonValue.map((v): Change => ({ kind: 'replace', with: v })),
  fc.constant<Change>({ kind: 'drop' }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.constantFrom('extra', 'user2', '__proto__'),
    value: jsonValue,
  }),
);

describe('compiled response checks', () => {
  it('cover every check module, each with the real answers it is for', () => {
    expect(checkFiles.map((f) => path.relative(checksDir, f)).sort()).toEqual([...answers.keys()].sort());
  });

  for (const file of checkFiles) {
    const name = path.relative(checksDir, file);
    it(`${name}: takes the real answers, and agrees with zod on each of them broken one place at a time`, async () => {
      const { schema } = await markedSchema(file);
      const check = compile(schema);
      const zod = schema as unknown as z.ZodType;
      const refined = hasRefinements(schema);
      const real = answers.get(name) ?? [];
      expect(real.length).toBeGreaterThan(0);
      for (const answer of real) {
        expect(zod.safeParse(answer).success, `${name}: zod takes the server's answer`).toBe(true);
        expect(check(answer), `${name}: the check takes the server's answer`).toBe(true);
      }
      let refusedBoth = 0;
      fc.assert(
        fc.property(fc.constantFrom(...real), fc.nat(), change, (answer, pick, how) => {
          const all = places(answer);
          const at = all[pick % all.length] ?? [];
          const broken = changed(answer, at, how);
          const byZod = zod.safeParse(broken).success;
          const byCheck = check(broken);
          if (!byZod && !byCheck) refusedBoth++;
          // Never a false refusal; and without refinements, never a false acceptance either.
          if (byZod) return byCheck;
          return refined || !byCheck;
        }),
        { numRuns: 400, seed: 38 },
      );
      // The changes do break answers: a property that never sees a refusal proves nothing.
      expect(refusedBoth).toBeGreaterThan(50);
    });
  }
});
