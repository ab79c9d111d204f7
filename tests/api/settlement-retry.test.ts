import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, entries, payments } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { domainEventRetryPolicy, domainEventsRetryEveryMs } from '../../src/server/platform/domain-events';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { eventually } from '../support/sse';
import { checkoutSession, stripeEventBody } from '../support/stripe-events';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * A paid checkout's webhook commits the payment and then settles the entry through the boards feature (a
 * domain event delivered after the commit). When that delivery fails, the payment stays paid, the webhook
 * still answers 200 (the provider must not send it again for a failure that is ours), and the retry job
 * settles the entry once the boards feature works again: the fan's paid entry is never lost.
 */
const secret = 'test-secret-for-settlement-retry-0123456789';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const SLUG = 'lakers-warriors';
let ctx: TestContext;
let fan: Client;

beforeAll(async () => {
  ctx = await createTestApp({ payments: provider, settings: { authSecret: secret } });
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '7'));
  fan = new Client(ctx.app, '10.12.7.1');
});
afterAll(() => ctx.close());

/** Makes the database refuse to confirm any entry, as a boards feature that cannot write would. */
async function refuseConfirmations(on: boolean) {
  if (on) {
    await ctx.database.db.execute(sql`
      create or replace function test_refuse_confirm() returns trigger language plpgsql as $$
      begin
        if new.status = 'confirmed' then raise exception 'the boards store is unavailable'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger test_refuse_confirm before update on entries
      for each row execute function test_refuse_confirm()`);
  } else {
    await ctx.database.db.execute(sql`drop trigger test_refuse_confirm on entries`);
  }
}

/** The checkout's completed event as the provider posts it, signed as it signs its webhooks. */
function completedEvent(sessionId: string, amountCents: number) {
  const nowMs = ctx.clock.now().getTime();
  const createdSec = Math.floor(nowMs / 1000);
  const raw = stripeEventBody(
    'checkout.session.completed',
    checkoutSession({ sessionId, amountCents, paymentStatus: 'paid', livemode: false, createdSec }),
    { id: `evt_settlement_retry_${sessionId}`, createdSec },
  );
  return { raw, signature: provider.sign(raw, nowMs) };
}

const postWebhook = ({ raw, signature }: { raw: string; signature: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.payments.webhook,
    payload: raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });

const entryRow = async (id: string) => (await ctx.database.db.select().from(entries).where(eq(entries.id, id)))[0];

describe('a webhook whose entry settlement fails after the payment committed', () => {
  it('answers 200, keeps the payment paid, and the retry job confirms the entry once boards works again', async () => {
    const res = await fan.post(apiPaths.boardEntries(SLUG), {
      phone: '+12025550143',
      nickname: 'Retry',
      amountCents: 500,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'settlement-retry-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ entry: EntryCreated }>().entry;
    const sessionId = (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
    expect((await entryRow(entry.id))?.status).toBe('held');

    await refuseConfirmations(true);
    const event = completedEvent(sessionId, 500);
    const answer = await postWebhook(event);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true, applied: true });

    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment?.status).toBe('paid');
    expect((await entryRow(entry.id))?.status).toBe('held');
    const [pending] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.payload}->>'paymentId' = ${payment?.id ?? ''}`);
    expect(pending).toMatchObject({ type: 'entry-payment.settled', status: 'queued', attempts: 1 });
    expect(pending?.lastError).toBe('the boards store is unavailable');

    // The provider sends the event again: it was recorded once, so nothing is applied twice.
    expect((await postWebhook(event)).json()).toEqual({ received: true, applied: false });

    await refuseConfirmations(false);
    await ctx.clock.tick(domainEventRetryPolicy.baseMs + domainEventsRetryEveryMs);
    await eventually(async () => (await entryRow(entry.id))?.status === 'confirmed', 5000, 'the entry confirmed');
    const [delivered] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.id, pending?.id ?? ''));
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
    expect((await entryRow(entry.id))?.paymentId).toBe(payment?.id);
  });
});
