import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizes, smsOutbox } from '../../src/server/db/schema';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import {
  CLAIM_CODE_LOCK_MINUTES,
  CLAIM_CODE_SPACING_MINUTES,
  CLAIM_CODES_PER_ADDRESS,
  CLAIM_CODES_PER_PRIZE,
  CLAIM_TRIES_PER_CODE,
  CLAIM_WRONG_CODES_MAX,
} from '../../src/shared/contracts/prizes';
import { newGameBoardBody, scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * Issue 35 item 7: whoever holds a prize's claim link may ask for codes and try them, but only their own
 * address is slowed down; the winner, from another address, can always get a code and claim. Each code takes a
 * bounded number of tries from all addresses together, then is dead.
 */

const SLUG = 'claim-lockout';
let ctx: TestContext;
let admin: Client;
let seq = 7;
const random = () => {
  seq = (seq * 16807) % 2147483647;
  return (seq - 1) / 2147483646;
};
const entrants: { created: EntryCreated; cell: number }[] = [];

const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const prizeRow = async (period: string) =>
  (await ctx.database.db.select().from(prizes).where(eq(prizes.period, period)))[0];
const textsLike = (pattern: string) => ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, pattern));
const hashCode = (prizeId: string, code: string) => createHash('sha256').update(`${prizeId}:${code}`).digest('hex');

/** The claim link texted to the period's winner. */
async function tokenOf(period: string) {
  const prize = await prizeRow(period);
  const [win] = await textsLike(`win:${prize?.id}:%`);
  return /\/claim\/([A-Za-z0-9_.-]+)/.exec(win?.body ?? '')?.[1] ?? '';
}
/** The code the prize's live hash names, read from the texts sent to the winner's phone. */
async function liveCode(period: string) {
  const prize = await prizeRow(period);
  const codes = (await textsLike(`claim-code:${prize?.id}:%`)).map((t) => /(\d{6})/.exec(t.body)?.[1] ?? '');
  const code = codes.find((c) => hashCode(prize?.id ?? '', c) === prize?.codeHash);
  if (!code) throw new Error(`no live code for ${period}`);
  return code;
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

beforeAll(async () => {
  ctx = await createTestApp({ random, settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
  admin = await signedInAdmin(ctx.app, '10.42.0.1');
  const made = await admin.post(
    '/api/admin/boards',
    newGameBoardBody('thunder', SLUG, ctx.clock.now(), 30, { mode: 'sweepstakes', payoutMethods: ['pickup'] }),
  );
  expect(made.statusCode, made.body).toBe(201);
  const fan = new Client(ctx.app, '10.42.0.2');
  for (let i = 0; i < 3; i++) {
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: fictionPhone(i),
      nickname: `Winner${i}`,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `lockout-entry-${i}`,
      smsConsent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().entry as EntryCreated;
    entrants.push({ created, cell: (await view()).cells.find((c) => c.code === created.code)?.cell ?? -1 });
  }
  expect((await admin.post(apiPaths.admin.boardLock(SLUG))).statusCode).toBe(200);
  for (const [i, period] of ['q1', 'q2', 'q3'].entries()) {
    const board = await view();
    const res = await admin.post(apiPaths.admin.boardScores(SLUG), {
      period,
      ...scoresFor(board, entrants[i]?.cell ?? 0, i + 1),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => ctx?.close());

describe('a claim link cannot lock out its winner', () => {
  it('a stranger is refused after its own code requests and wrong codes; the winner then gets a code and claims', async () => {
    const token = await tokenOf('q1');
    const prize = await prizeRow('q1');
    const stranger = new Client(ctx.app, '203.0.113.7');
    // The same client under its IPv4-mapped spelling: one count.
    const strangerMapped = new Client(ctx.app, '::ffff:203.0.113.7');
    const sends: number[] = [];
    for (let i = 0; i < CLAIM_CODES_PER_ADDRESS + 2; i++) {
      const who = i % 2 === 0 ? stranger : strangerMapped;
      sends.push((await who.post(apiPaths.prizes.claimCode(token))).statusCode);
    }
    expect(sends).toEqual([...Array(CLAIM_CODES_PER_ADDRESS).fill(202), 429, 429]);
    const refusedSend = await stranger.post(apiPaths.prizes.claimCode(token));
    expect(refusedSend.json().error.code).toBe('PRIZE_CLAIM_RATE_LIMITED');
    expect(Number(refusedSend.headers['retry-after'])).toBe(24 * 3600);

    // Wrong codes lock the stranger's address (the last one answers 429), not the prize.
    const code = await liveCode('q1');
    const guesses: number[] = [];
    for (let i = 0; i < CLAIM_WRONG_CODES_MAX + 1; i++) {
      const who = i % 2 === 0 ? stranger : strangerMapped;
      guesses.push(
        (await who.post(apiPaths.prizes.claim(token), { method: 'pickup', code: wrongFor(code) })).statusCode,
      );
    }
    expect(guesses).toEqual([...Array(CLAIM_WRONG_CODES_MAX - 1).fill(403), 429, 429]);
    // Even the right code is refused to the locked address, for the lock's 15 minutes.
    const locked = await stranger.post(apiPaths.prizes.claim(token), { method: 'pickup', code });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(CLAIM_CODE_LOCK_MINUTES * 60);

    // The stranger's tries used up that code (its tries are bounded from all addresses): the winner, on another
    // network, is told to ask for a new one, gets it (the prize's own cap is not reached) and claims.
    const winner = new Client(ctx.app, '2001:db8:77::5');
    const dead = await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code });
    expect(dead.statusCode).toBe(403);
    expect(dead.json().error.code).toBe('PRIZE_CLAIM_CODE_USED_UP');
    expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const fresh = await liveCode('q1');
    const claimed = await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code: fresh });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await prizeRow('q1')).toMatchObject({ state: 'claimed', codeHash: null });
    const texts = await textsLike(`claim-code:${prize?.id}:%`);
    console.info(
      `claim lockout: stranger ${sends.filter((s) => s === 202).length} codes then 429, ${guesses.filter((s) => s === 403).length} wrong then 429; winner from another address: new code 202, claim 200; ${texts.length} codes texted to the winner's phone`,
    );
  });

  it("a code is dead after its tries from any number of addresses, and past the day's count a prize's texts are spaced, not stopped", async () => {
    const token = await tokenOf('q2');
    const winner = new Client(ctx.app, '198.51.100.20');
    expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const code = await liveCode('q2');
    // One wrong try each from many addresses (none of them locked): the code still dies at its bound.
    const statuses: string[] = [];
    for (let i = 0; i < CLAIM_TRIES_PER_CODE; i++) {
      const res = await new Client(ctx.app, `2001:db8:${100 + i}::1`).post(apiPaths.prizes.claim(token), {
        method: 'pickup',
        code: wrongFor(code),
      });
      statuses.push(`${res.statusCode} ${res.json().error.code}`);
    }
    expect(statuses).toEqual([
      ...Array(CLAIM_TRIES_PER_CODE - 1).fill('403 PRIZE_CLAIM_CODE_WRONG'),
      '403 PRIZE_CLAIM_CODE_USED_UP',
    ]);
    const right = await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('PRIZE_CLAIM_CODE_USED_UP');
    expect((await prizeRow('q2'))?.state).toBe('unclaimed');

    // Past the prize's daily count its texts are spaced, never stopped: three addresses asking at once get the
    // rest of the day's texts and then one refusal each (concurrent requests no more than sequential ones).
    const before = (await textsLike(`claim-code:${(await prizeRow('q2'))?.id}:%`)).length;
    const sent = await Promise.all(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3'].flatMap((address) =>
        Array.from({ length: CLAIM_CODES_PER_ADDRESS }, async () => {
          const res = await new Client(ctx.app, address).post(apiPaths.prizes.claimCode(token));
          return { status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 0) };
        }),
      ),
    );
    const accepted = sent.filter((s) => s.status === 202).length;
    expect(before + accepted).toBe(CLAIM_CODES_PER_PRIZE);
    const refused = sent.filter((s) => s.status === 429);
    expect(refused).toHaveLength(sent.length - accepted);
    expect(refused.every((s) => s.retryAfter > 0 && s.retryAfter <= CLAIM_CODE_SPACING_MINUTES * 60)).toBe(true);
    // The stranger cannot keep the winner from a code: once the spacing has passed, the winner gets one (and a
    // stranger's request in the same spacing after it is refused), and it works.
    ctx.clock.advance(CLAIM_CODE_SPACING_MINUTES * 60_000);
    expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const spaced = await new Client(ctx.app, '192.0.2.9').post(apiPaths.prizes.claimCode(token));
    expect(spaced.statusCode).toBe(429);
    expect(spaced.json().error.message).toMatch(/texted to the winner's phone a moment ago/);
    const ok = await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code: await liveCode('q2') });
    expect(ok.statusCode, ok.body).toBe(200);
    console.info(
      `claim codes: ${CLAIM_TRIES_PER_CODE} tries from ${CLAIM_TRIES_PER_CODE} addresses killed a code (the right code then 403); ${sent.length} concurrent code requests from 3 more addresses: ${accepted} texted up to the prize's ${CLAIM_CODES_PER_PRIZE} a day, ${refused.length} refused with Retry-After ≤ ${CLAIM_CODE_SPACING_MINUTES} min; ${CLAIM_CODE_SPACING_MINUTES} min later the winner got a code (202) and claimed (200)`,
    );
  });

  it('concurrent guesses from many addresses: a code is compared at most its tries', async () => {
    const token = await tokenOf('q3');
    const winner = new Client(ctx.app, '198.51.100.30');
    expect((await winner.post(apiPaths.prizes.claimCode(token))).statusCode).toBe(202);
    const code = await liveCode('q3');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Client(ctx.app, `10.99.${i}.1`).post(apiPaths.prizes.claim(token), {
          method: 'pickup',
          code: wrongFor(code),
        }),
      ),
    );
    const codes = results.map((r) => r.json().error.code as string);
    expect(codes.filter((c) => c === 'PRIZE_CLAIM_CODE_WRONG')).toHaveLength(CLAIM_TRIES_PER_CODE - 1);
    expect(codes.filter((c) => c === 'PRIZE_CLAIM_CODE_USED_UP')).toHaveLength(20 - (CLAIM_TRIES_PER_CODE - 1));
    expect((await winner.post(apiPaths.prizes.claim(token), { method: 'pickup', code })).statusCode).toBe(403);
    expect((await prizeRow('q3'))?.state).toBe('unclaimed');
    console.info(
      `claim codes: 20 concurrent wrong guesses from 20 addresses: ${CLAIM_TRIES_PER_CODE} compared (the last of them answered used up), ${20 - CLAIM_TRIES_PER_CODE} refused uncompared`,
    );
  });
});
