import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, entries } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { checkoutSession, stripeEventBody } from '../support/stripe-events';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * A paid board entry's receipt: sent once its payment confirms it, to the entry's account or else to the email
 * the payer gave the checkout; it says what kind of board it is and that an entry is neither a donation nor
 * tax-deductible. Driven through the local checkout and through a Stripe-shaped checkout.session.completed.
 */
const secret = 'test-secret-for-entry-receipts-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const SLUG = 'lakers-warriors';
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    payments: provider,
    settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '7'));
});
afterAll(() => ctx.close());

async function enter(fan: Client, nickname: string) {
  const res = await fan.post(apiPaths.boardEntries(SLUG), {
    phone: '+12025550111',
    nickname,
    amountCents: 500,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `receipt-entry-${n++}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: EntryCreated }>().entry;
}
const sessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const receiptsTo = async (to: string) =>
  ctx.database.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.to, to), like(devOutbox.subject, '%Your FanGrid entry receipt%')));
const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(entries).where(eq(entries.id, id)))[0]?.status;

describe('a paid entry’s receipt', () => {
  it('goes to the email the payer gave the checkout, once, and says the entry is no donation', async () => {
    const fan = new Client(ctx.app, '10.31.0.1');
    const entry = await enter(fan, 'Worthy');
    // The entry's checkout asks for the payer's email (a donation's has its donor's already).
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.payments.localSession(sessionOf(entry)) });
    expect(page.json()).toMatchObject({ asksEmail: true, testMode: true });
    const paid = await fan.post(apiPaths.payments.localPay(sessionOf(entry)), { ...card, email: 'worthy@example.com' });
    expect(paid.statusCode, paid.body).toBe(200);
    // The same payment again is refused (the checkout is closed): still one receipt.
    const again = await fan.post(apiPaths.payments.localPay(sessionOf(entry)), {
      ...card,
      email: 'worthy@example.com',
    });
    expect(again.statusCode).toBe(409);
    const receipts = await receiptsTo('worthy@example.com');
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toBe(`[TEST MODE] Your FanGrid entry receipt (ticket ${entry.ticketNumber})`);
    const text = receipt?.text ?? '';
    expect(text.startsWith('TEST MODE: no money moved.')).toBe(true);
    expect(text).toContain('Board: Lakers vs Warriors');
    expect(text).toContain('Run by: FanGrid Community Fund');
    expect(text).toContain(`Your code: ${entry.code}`);
    expect(text).toContain(`Ticket: ${entry.ticketNumber}`);
    const cell = entry.cells[0] ?? -1;
    expect(text).toContain(`Cell: row ${Math.floor(cell / 10) + 1}, column ${(cell % 10) + 1}`);
    expect(text).toContain('Entry amount: $5.00');
    expect(text).toMatch(/Kind of board: (Charitable raffle|Sweepstakes)/);
    expect(text).toContain('Board entries are not donations and are not tax-deductible.');
    expect(text).toContain(`Official rules: http://localhost:3000/boards/${SLUG}/rules`);
    // Nowhere is the entry called a gift or a donation other than to say it is not one.
    expect(text.replace('Board entries are not donations', '')).not.toMatch(/donation|gift/i);
    expect(receipt?.html).toContain('Board entries are not donations and are not tax-deductible.');
  });

  it('goes to the account an entry belongs to, with no email given at the checkout', async () => {
    const fan = await signedInFan(ctx.database.db, new Client(ctx.app, '10.31.0.2'), {
      email: 'receipt-fan@example.com',
      name: 'Receipt Fan',
      phone: '+12025550110',
    });
    const entry = await enter(fan, 'Byron');
    expect((await fan.post(apiPaths.payments.localPay(sessionOf(entry)), card)).statusCode).toBe(200);
    const receipts = await receiptsTo('receipt-fan@example.com');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`Ticket: ${entry.ticketNumber}`);
  });

  it('is not sent when nobody gave an email, and the entry is paid all the same', async () => {
    const fan = new Client(ctx.app, '10.31.0.3');
    const before = (await ctx.database.db.select().from(devOutbox)).length;
    const entry = await enter(fan, 'Nobody');
    const paid = await fan.post(apiPaths.payments.localPay(sessionOf(entry)), { ...card, email: '' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await statusOf(entry.id)).toBe('confirmed');
    expect((await ctx.database.db.select().from(devOutbox)).length).toBe(before);
  });

  it('refuses an email that is not one with a 400 and leaves the checkout open and the cells held', async () => {
    const fan = new Client(ctx.app, '10.31.0.4');
    const entry = await enter(fan, 'Typo');
    for (const email of ['worthy@', 'not an email', `${'a'.repeat(250)}@example.com`, 'a@b.c\n@x.y']) {
      const res = await fan.post(apiPaths.payments.localPay(sessionOf(entry)), { ...card, email });
      expect(res.statusCode, email).toBe(400);
    }
    expect(await statusOf(entry.id)).toBe('held');
    expect((await fan.post(apiPaths.payments.localPay(sessionOf(entry)), card)).statusCode).toBe(200);
  });

  it('follows Stripe’s checkout.session.completed: the payer’s customer_details.email, once for replays', async () => {
    const fan = new Client(ctx.app, '10.31.0.5');
    const entry = await enter(fan, 'Scully');
    const createdSec = Math.floor(ctx.clock.now().getTime() / 1000);
    const raw = stripeEventBody(
      'checkout.session.completed',
      checkoutSession({ sessionId: sessionOf(entry), amountCents: 500, paymentStatus: 'paid', createdSec }),
      { id: 'evt_entry_receipt_scully', createdSec },
    );
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.payments.webhook,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': provider.sign(raw, ctx.clock.now().getTime()),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await statusOf(entry.id)).toBe('confirmed');
    const receipts = (await receiptsTo('vin@example.com')).filter((m) => m.text.includes(entry.ticketNumber));
    expect(receipts).toHaveLength(1);
  });
});
