import { and, count, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import {
  boards,
  devSmsOutbox,
  entries,
  freeEntryCodes,
  rateLimits,
  smsOptOuts,
  smsOutbox,
} from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createSmsOutbox } from '../../src/server/platform/sms';
import { boardErrorCodes } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { entryRules, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { freeEntryCodeMessages, freeEntryCodeSendLimits } from '../../src/shared/domain/free-entry';
import { legalMessages } from '../../src/shared/domain/legal';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * A sweepstakes board's free entry needs a person (issue 35 item 3): its number is confirmed by a one-time code
 * texted through the sms outbox, the only text sent without consent, whose sends are limited per number, per
 * client address and per board. Each refusal is a clear 4xx that enters nothing.
 */

const settings = {
  authSecret: 'test-secret-for-free-entry-codes-0123',
  entryLimitPerMinute: 10_000,
  entriesPerPhonePerBoard: 100,
};
let ctx: TestContext;
let admin: Client;
let seq = 0;
let ipSeq = 0;
/** A fresh client address each call (the per-address limit is tested on its own). */
const fan = () => new Client(ctx.app, `10.88.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`);
const phone = () => fictionPhone(seq++);
const entry = (number: string, code: string | undefined, over: Record<string, unknown> = {}) => ({
  phone: number,
  nickname: `F${seq}`,
  ageConfirmed: true,
  rulesAccepted: true,
  state: 'OH',
  idempotencyKey: `free-code-${seq++}-key`,
  ...(code === undefined ? {} : { code }),
  ...over,
});
const newBoard = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  game: {
    league: 'NBA',
    teamA: 'Suns',
    teamB: 'Jazz',
    startsAt: new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString(),
    venue: 'Footprint Center',
  },
  format: '1v99',
  entryRule: entryRules.presets,
  prizeTable: nbaFinalsPrizes,
  organization: 'Suns Charities',
  paymentRequired: false,
  mode: 'sweepstakes',
  freeEntriesPerPerson: 3,
  ...over,
});
async function makeBoard(slug: string, over: Record<string, unknown> = {}) {
  const made = await admin.post(apiPaths.admin.boards, newBoard(slug, over));
  expect(made.statusCode, made.body).toBe(201);
}
async function freeEntriesOn(slug: string) {
  const [board] = await ctx.database.db.select({ id: boards.id }).from(boards).where(eq(boards.slug, slug));
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(entries)
    .where(and(eq(entries.boardId, board?.id ?? ''), eq(entries.freeEntry, true)));
  return row?.n ?? 0;
}
/** Texts queued to a number (any state). */
async function textsTo(number: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.to, number));
  return row?.n ?? 0;
}
/** Asks for a code for `number` and reads it from the dev outbox once the scheduler has sent it. */
async function codeFor(slug: string, number: string, client = fan()) {
  const res = await client.post(apiPaths.boardFreeEntryCode(slug), { phone: number });
  expect(res.statusCode, res.body).toBe(202);
  return readCode(number);
}
async function readCode(number: string, c: TestContext = ctx) {
  // The outbox job sends a batch each run: a long queue takes a few runs.
  for (let run = 0; run < 30; run++) {
    await c.clock.tick(5_000);
    const [text] = await c.database.db
      .select()
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, number))
      .orderBy(desc(devSmsOutbox.seq))
      .limit(1);
    const code = text?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code texted to ${number}`);
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  ctx = await createTestApp({ settings });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => '1e9a1'.padEnd(64, '7'));
  admin = await signedInAdmin(ctx.app, '10.88.255.1');
});
afterAll(() => ctx?.close());

describe('the code text', () => {
  it('says only the code and what it is for, and is sent without text consent', async () => {
    await makeBoard('code-text');
    const number = phone();
    const res = await fan().post(apiPaths.boardFreeEntryCode('code-text'), { phone: number });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe(freeEntryCodeMessages.sent(10));
    expect(res.body).not.toMatch(/\d{6}/);
    const code = await readCode(number);
    const [text] = await ctx.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, number));
    expect(text?.body).toBe(`Your FanGrid code is ${code}. It confirms your free entry on Suns vs Jazz.`);
    expect(text?.body).not.toMatch(/https?:|www\.|STOP|win|\$/i);
    const [queued] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, number));
    expect(queued?.status).toBe('sent');
    // Only the hash is stored.
    const [row] = await ctx.database.db.select().from(freeEntryCodes).where(eq(freeEntryCodes.phone, number));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('goes nowhere else: any other text without consent is still skipped, and STOP is honoured', async () => {
    const number = phone();
    await ctx.database.db.insert(smsOptOuts).values({ phone: number, keyword: 'STOP', optedOutAt: ctx.clock.now() });
    const res = await fan().post(apiPaths.boardFreeEntryCode('code-text'), { phone: number });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: boardErrorCodes.freeEntryCodeOptedOut,
      fields: { phone: freeEntryCodeMessages.optedOut },
    });
    expect(await textsTo(number)).toBe(0);
    const [row] = await ctx.database.db.select().from(freeEntryCodes).where(eq(freeEntryCodes.phone, number));
    expect(row).toBeUndefined();
    // The outbox sends a text without consent only when it is exactly a code's text.
    const outbox = createSmsOutbox({
      db: ctx.database.db,
      sms: { kind: 'outbox', send: async () => ({ providerId: 'unused' }) },
      clock: ctx.clock,
      random: () => 0,
      leaseMs: 60_000,
      log: { warn: () => {} },
    });
    const to = phone();
    const bodies = [
      'Your FanGrid code is 123456. It confirms your free entry on Suns vs Jazz. Win big at https://x.example',
      'Your FanGrid code is 123456. It confirms your free entry on www.x.example vs Jazz.',
      'Big prizes tonight! Enter now.',
    ];
    const results = await Promise.all(
      bodies.map((body, i) => outbox.enqueue({ key: `pump:${i}`, to, body, consent: false, verificationCode: true })),
    );
    expect(results).toEqual(['skipped', 'skipped', 'skipped']);
    const code = await outbox.enqueue({
      key: 'pump:code',
      to,
      body: 'Your FanGrid code is 123456. It confirms your free entry on Suns vs Jazz.',
      consent: false,
      verificationCode: true,
    });
    expect(code).toBe('queued');
  });

  it('is only for sweepstakes boards that take entries; bad input is a 400', async () => {
    const raffle = await fan().post(apiPaths.boardFreeEntryCode('knicks-vs-pacers'), { phone: phone() });
    expect(raffle.statusCode).toBe(409);
    expect(raffle.json().error.message).toBe(legalMessages.freeEntryNotOffered);
    const free = await fan().post(apiPaths.boardFreeEntryCode('finals-game-5'), { phone: phone() });
    expect(free.statusCode).toBe(409);
    const unknown = await fan().post(apiPaths.boardFreeEntryCode('no-such-board'), { phone: phone() });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { phone: 'call me' }, { phone: 12 }, { phone: '+1 555 0000 0000 0000 0000' }]) {
      const res = await fan().post(apiPaths.boardFreeEntryCode('code-text'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.phone).toBeTruthy();
    }
  });
});

describe('the free entry needs the code', () => {
  it('no code, a malformed one, or none asked for: refused on the code field, nothing entered', async () => {
    await makeBoard('code-needed');
    const number = phone();
    const missing = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, undefined));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.code).toBe(freeEntryCodeMessages.required);
    const malformed = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, '12345a'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBe(freeEntryCodeMessages.format);
    const none = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, '123456'));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: boardErrorCodes.freeEntryCodeInvalid,
      fields: { code: freeEntryCodeMessages.none },
    });
    expect(await freeEntriesOn('code-needed')).toBe(0);
  });

  it('a wrong code is refused and enters nothing; the right one enters once; a replay enters nothing more', async () => {
    const number = phone();
    const code = await codeFor('code-needed', number);
    const wrong = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, otherCode(code)));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: boardErrorCodes.freeEntryCodeInvalid,
      message: freeEntryCodeMessages.wrong,
      fields: { code: freeEntryCodeMessages.wrong },
    });
    expect(await freeEntriesOn('code-needed')).toBe(0);
    // Another number's code, or this code on another board, is not this number's code here.
    await makeBoard('code-other');
    const elsewhere = await fan().post(apiPaths.boardFreeEntries('code-other'), entry(number, code));
    expect(elsewhere.statusCode).toBe(400);
    const body = entry(number, code);
    const right = await fan().post(apiPaths.boardFreeEntries('code-needed'), body);
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().entry.amountCents).toBeNull();
    expect(await freeEntriesOn('code-needed')).toBe(1);
    // The same request again answers with its entry; the code with a new request key enters nothing.
    const replay = await fan().post(apiPaths.boardFreeEntries('code-needed'), body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().entry.id).toBe(right.json().entry.id);
    const again = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, code));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.code).toBe(freeEntryCodeMessages.used);
    expect(await freeEntriesOn('code-needed')).toBe(1);
    const [row] = await ctx.database.db.select().from(freeEntryCodes).where(eq(freeEntryCodes.phone, number));
    expect(row?.entryId).toBe(right.json().entry.id);
  });

  it('five wrong tries kill the code, even for the right one after; a new code works', async () => {
    const number = phone();
    const code = await codeFor('code-needed', number);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, otherCode(code)));
      expect(res.statusCode).toBe(400);
      answers.push(res.json().error.message);
    }
    expect(answers).toEqual([...Array(4).fill(freeEntryCodeMessages.wrong), freeEntryCodeMessages.dead]);
    const right = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, code));
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(freeEntryCodeMessages.dead);
    expect(await freeEntriesOn('code-needed')).toBe(1);
    const fresh = await codeFor('code-needed', number);
    const ok = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, fresh));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await freeEntriesOn('code-needed')).toBe(2);
  });

  it('a burst of guesses gets 5 tries at a code, however many arrive at once', async () => {
    const number = phone();
    const code = await codeFor('code-needed', number);
    const guesses = Array.from({ length: 24 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    guesses.splice(12, 0, code);
    const results = await Promise.all(
      guesses.map((guess) => fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, guess))),
    );
    const messages = results.map((r) => (r.statusCode === 201 ? 'entered' : r.json().error.message));
    const [row] = await ctx.database.db.select().from(freeEntryCodes).where(eq(freeEntryCodes.phone, number));
    expect(row?.attempts).toBeLessThanOrEqual(5);
    expect(messages.filter((m) => m === freeEntryCodeMessages.wrong).length).toBeLessThanOrEqual(4);
    expect(messages.filter((m) => m === 'entered').length).toBeLessThanOrEqual(1);
    expect(
      messages.every((m) => m === 'entered' || m === freeEntryCodeMessages.wrong || m === freeEntryCodeMessages.dead),
    ).toBe(true);
    console.log(
      `free entry codes: 25 guesses at once (one right): ${messages.filter((m) => m === freeEntryCodeMessages.wrong).length} wrong, ${messages.filter((m) => m === freeEntryCodeMessages.dead).length} dead, ${messages.filter((m) => m === 'entered').length} entered; ${row?.attempts} tries counted`,
    );
  });

  it('a code expires after 10 minutes; a new code replaces the old one', async () => {
    const before = await freeEntriesOn('code-needed');
    const number = phone();
    const first = await codeFor('code-needed', number);
    const second = await codeFor('code-needed', number);
    if (first !== second) {
      const old = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, first));
      expect(old.statusCode).toBe(400);
    }
    await ctx.clock.tick(10 * 60_000);
    const late = await fan().post(apiPaths.boardFreeEntries('code-needed'), entry(number, second));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(freeEntryCodeMessages.expired);
    expect(await freeEntriesOn('code-needed')).toBe(before);
  });

  it('concurrent entries with one code: exactly one enters', async () => {
    await makeBoard('code-race');
    const number = phone();
    const code = await codeFor('code-race', number);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => fan().post(apiPaths.boardFreeEntries('code-race'), entry(number, code))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().error.fields.code).toBe(freeEntryCodeMessages.used);
    expect(await freeEntriesOn('code-race')).toBe(1);
  });

  it('an entry refused by the rules’ limits does not spend its code; the limits stay as they are', async () => {
    await makeBoard('code-limits', { freeEntriesPerPerson: 1, freeEntriesPerBoard: 1 });
    const first = phone();
    const made = await fan().post(
      apiPaths.boardFreeEntries('code-limits'),
      entry(first, await codeFor('code-limits', first)),
    );
    expect(made.statusCode, made.body).toBe(201);
    const again = await fan().post(
      apiPaths.boardFreeEntries('code-limits'),
      entry(first, await codeFor('code-limits', first)),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(boardErrorCodes.freeEntryPersonLimit);
    const second = phone();
    const code = await codeFor('code-limits', second);
    const capped = await fan().post(apiPaths.boardFreeEntries('code-limits'), entry(second, code));
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error.code).toBe(boardErrorCodes.freeEntryBoardLimit);
    const [row] = await ctx.database.db.select().from(freeEntryCodes).where(eq(freeEntryCodes.phone, second));
    expect(row).toMatchObject({ consumedAt: null, entryId: null });
    expect(await freeEntriesOn('code-limits')).toBe(1);
  });

  it('paid entries need no code', async () => {
    const res = await fan().post(apiPaths.boardEntries('code-needed'), {
      ...entry(phone(), undefined),
      amountCents: 500,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('code sends are limited (SMS pumping)', () => {
  const send = (client: Client, slug: string, number: string) =>
    client.post(apiPaths.boardFreeEntryCode(slug), { phone: number });
  const refused = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((res.json() as { error: unknown }).error).toMatchObject({
      code: boardErrorCodes.freeEntryCodeRateLimited,
      message,
    });
  };

  it(`per number: ${freeEntryCodeSendLimits.perNumber.max} an hour, from any address`, async () => {
    await makeBoard('limit-number');
    const number = phone();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(fan(), 'limit-number', number);
      statuses.push(res.statusCode);
      if (i === 4) refused(res, freeEntryCodeMessages.perNumber);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(await textsTo(number)).toBe(3);
    // The limits table keeps a keyed hash of the number, not the number.
    const keys = await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.some((k) => k.key.startsWith('free-code:number:'))).toBe(true);
    expect(keys.filter((k) => k.key.includes(number.slice(2)))).toEqual([]);
    console.log(`free entry codes: one number from 5 addresses: ${statuses.join(' ')}`);
  });

  it(`per address: ${freeEntryCodeSendLimits.perAddress.max} an hour, an IPv6 client by its /64, ::ffff: as IPv4`, async () => {
    await makeBoard('limit-address');
    const spread = Array.from({ length: 12 }, (_, i) => `2001:db8:77:12:${(i * 4099).toString(16)}::${i + 1}`);
    const v6 = [];
    for (const ip of spread) v6.push((await send(new Client(ctx.app, ip), 'limit-address', phone())).statusCode);
    expect(v6).toEqual([...Array(10).fill(202), 429, 429]);
    const spellings = ['203.0.113.9', '::ffff:203.0.113.9', '::FFFF:cb00:7109', '0:0:0:0:0:ffff:203.0.113.9'];
    const v4 = [];
    for (let i = 0; i < 12; i++) {
      const res = await send(new Client(ctx.app, spellings[i % spellings.length] ?? ''), 'limit-address', phone());
      v4.push(res.statusCode);
      if (i === 11) refused(res, freeEntryCodeMessages.perAddress);
    }
    expect(v4).toEqual([...Array(10).fill(202), 429, 429]);
    // Another /64 is another client.
    expect((await send(new Client(ctx.app, '2001:db8:77:13::1'), 'limit-address', phone())).statusCode).toBe(202);
    console.log(
      `free entry codes: 12 addresses in one /64: ${v6.join(' ')}; 12 in 4 spellings of one IPv4: ${v4.join(' ')}`,
    );
  });

  it(`per board: ${freeEntryCodeSendLimits.perBoard.max} an hour`, async () => {
    await makeBoard('limit-board');
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await send(fan(), 'limit-board', phone())).statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429]);
    const last = phone();
    refused(await send(fan(), 'limit-board', last), freeEntryCodeMessages.perBoard);
    expect(await textsTo(last)).toBe(0);
    // Another board is not affected.
    expect((await send(fan(), 'code-needed', phone())).statusCode).toBe(202);
    const [queued] = await ctx.database.db
      .select({ n: count() })
      .from(smsOutbox)
      .where(like(smsOutbox.key, 'free-entry-code:%'));
    console.log(
      `free entry codes: 63 sends for one board from 63 addresses: 60×202 then 429; ${queued?.n} code texts in all`,
    );
  });
});

describe('two instances on one database', () => {
  let second: Database;
  let appB: FastifyInstance;
  beforeAll(async () => {
    second = await openSecondConnection(ctx.database);
    appB = await buildApp({ database: second, clock: ctx.clock, logger: false, settings });
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
  });

  it('one code is consumed once across both', async () => {
    await makeBoard('code-instances');
    const number = phone();
    const code = await codeFor('code-instances', number);
    const post = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: apiPaths.boardFreeEntries('code-instances'),
        remoteAddress: `10.89.0.${i}`,
        headers: { origin: ORIGIN },
        payload: entry(number, code),
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i % 2 ? appB : ctx.app, i)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(400)]);
    expect(await freeEntriesOn('code-instances')).toBe(1);
    // A code sent through B is read by A; B's limits are A's.
    const viaB = phone();
    for (let i = 0; i < 3; i++) {
      const res = await appB.inject({
        method: 'POST',
        url: apiPaths.boardFreeEntryCode('code-instances'),
        remoteAddress: `10.89.1.${i}`,
        headers: { origin: ORIGIN },
        payload: { phone: viaB },
      });
      expect(res.statusCode).toBe(202);
    }
    const fourth = await fan().post(apiPaths.boardFreeEntryCode('code-instances'), { phone: viaB });
    expect(fourth.statusCode).toBe(429);
    const codeB = await readCode(viaB);
    const entered = await fan().post(apiPaths.boardFreeEntries('code-instances'), entry(viaB, codeB));
    expect(entered.statusCode, entered.body).toBe(201);
    console.log(
      `free entry codes: 8 entries with one code on two instances: ${results.map((r) => r.statusCode).join(' ')}`,
    );
  });
});
