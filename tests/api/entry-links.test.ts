import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { entryLinkMessages } from '../../src/shared/contracts/fan-central';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
const SLUG = 'thunder-timberwolves';

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'de'.repeat(32));
});
afterAll(() => ctx.close());

let ipSeq = 1;
/** A visitor's entry on the demo board; answers its ticket. */
async function enterAsVisitor(nickname: string) {
  const c = new Client(ctx.app, `10.9.0.${ipSeq++}`);
  const res = await c.post(apiPaths.boardEntries(SLUG), {
    phone: '+12025550191',
    nickname,
    amountCents: 200,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `link-${nickname}-key`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.ticketNumber as string;
}

/** A fan signed up and confirmed, on a client of its own. */
const signedInLinkingFan = (email: string) =>
  signedInFan(ctx.database.db, new Client(ctx.app, `10.9.1.${ipSeq++}`), {
    email,
    name: 'Linking Fan',
    phone: '+12025550108',
  });

const accountTickets = async (c: Client) =>
  ((await c.post(apiPaths.entryLookup, { tickets: [] })).json().entries as { ticketNumber: string }[]).map(
    (e) => e.ticketNumber,
  );

describe('linking a visitor’s entries to an account', () => {
  it('needs a signed-in fan', async () => {
    const visitor = new Client(ctx.app, '10.9.2.1');
    const res = await visitor.post(apiPaths.entryLinks, { tickets: ['AAAAAAAAA'] });
    expect(res.statusCode).toBe(401);
  });

  it('links the tickets to the account, so the account lists them anywhere; repeating it changes nothing', async () => {
    const first = await enterAsVisitor('LinkOne');
    const second = await enterAsVisitor('LinkTwo');
    const fan = await signedInLinkingFan('linker@example.com');
    expect(await accountTickets(fan)).toEqual([]);

    const res = await fan.post(apiPaths.entryLinks, { tickets: [first, second] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ linked: [first, second], refused: [] });

    // Another device of the same account holds no tickets and still sees them.
    expect((await accountTickets(fan)).sort()).toEqual([first, second].sort());

    const again = await fan.post(apiPaths.entryLinks, { tickets: [first, second, first] });
    expect(again.json()).toEqual({ linked: [first, second], refused: [] });
    expect((await accountTickets(fan)).sort()).toEqual([first, second].sort());
  });

  it('refuses, per entry, a ticket another account holds and one no entry has, with a clear message', async () => {
    const mine = await enterAsVisitor('LinkMe');
    const theirs = await enterAsVisitor('LinkThr');
    const owner = await signedInLinkingFan('link-owner@example.com');
    expect((await owner.post(apiPaths.entryLinks, { tickets: [theirs] })).json().linked).toEqual([theirs]);

    const fan = await signedInLinkingFan('link-second@example.com');
    const res = await fan.post(apiPaths.entryLinks, { tickets: [mine, theirs, 'ZZZZZZZZZ'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      linked: [mine],
      refused: [
        { ticket: theirs, reason: 'otherAccount', message: entryLinkMessages.otherAccount(theirs) },
        { ticket: 'ZZZZZZZZZ', reason: 'unknown', message: entryLinkMessages.unknown('ZZZZZZZZZ') },
      ],
    });
    expect(entryLinkMessages.otherAccount(theirs)).toBe(
      `Entry ${theirs} is already linked to another account, so it was not added.`,
    );
    expect(await accountTickets(fan)).toEqual([mine]);
    expect(await accountTickets(owner)).toEqual([theirs]);
  });

  it('refuses forged (malformed) tickets and more than 100 at once', async () => {
    const fan = await signedInLinkingFan('link-forged@example.com');
    expect((await fan.post(apiPaths.entryLinks, { tickets: ['short'] })).statusCode).toBe(400);
    expect((await fan.post(apiPaths.entryLinks, { tickets: ["AAAA' OR 1"] })).statusCode).toBe(400);
    expect((await fan.post(apiPaths.entryLinks, { tickets: Array(101).fill('AAAAAAAAA') })).statusCode).toBe(400);
  });

  it('is rate-limited per account with 429 and Retry-After', async () => {
    const fan = await signedInLinkingFan('link-limit@example.com');
    for (let i = 0; i < 10; i++) {
      expect((await fan.post(apiPaths.entryLinks, { tickets: [] })).statusCode).toBe(200);
    }
    const res = await fan.post(apiPaths.entryLinks, { tickets: [] });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('ENTRY_LINKS_RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(61 * 60_000);
    expect((await fan.post(apiPaths.entryLinks, { tickets: [] })).statusCode).toBe(200);
  });
});
