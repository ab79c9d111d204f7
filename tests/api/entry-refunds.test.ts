import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { auditLog, entries, mailNotifications, payments, smsOutbox } from '../../src/server/db/schema';
import { createLocalProvider, createStripeProvider, signWebhook } from '../../src/server/platform/payments';
import type { AdminEntry, AuditEvent } from '../../src/shared/contracts/admin';
import type { EntryCreated, MyEntryView } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { wholeRangeRule } from '../../src/shared/domain/admin';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { testRefundNotice } from '../../src/shared/domain/entry-removal';
import { Client, ORIGIN } from '../support/http';
import { checkoutSession, stripeEventBody } from '../support/stripe-events';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * Deleting an entry refunds it (issue 36, item 3): a paid entry's checkout payment is refunded through the
 * provider in the same action (the local test checkout, and Stripe through a local fake of its API that
 * answers with Stripe's own refund object), a collected pledge becomes cash to return with its own audited
 * 'Returned', and the fan is told by email and, with consent, by text. 'Refund' refunds one paid entry and
 * keeps it listed. A provider that refuses changes nothing; a replayed or concurrent delete, on one instance
 * or two, refunds once.
 */

const settings = { entryLimitPerMinute: 10_000, entriesPerPhonePerBoard: 100 };
let key = 0;
let ip = 1;

/** What each suite below needs of its app. */
interface Suite {
  ctx: TestContext;
  admin: Client;
}

const minutesFrom = (ctx: TestContext, m: number) => new Date(ctx.clock.now().getTime() + m * 60_000).toISOString();

/** A sweepstakes board on a new game 30 minutes away ($5-$20 whole dollars), paid through checkout or pledged. */
async function createBoard(s: Suite, slug: string, paid: boolean) {
  const res = await s.admin.post(apiPaths.admin.boards, {
    slug,
    game: { league: 'NBA', teamA: 'Heat', teamB: 'Magic', startsAt: minutesFrom(s.ctx, 30), venue: 'Kaseya Center' },
    format: '1v99',
    entryRule: wholeRangeRule(500, 2000),
    prizeTable: nbaFinalsPrizes,
    organization: 'Heat Cares',
    paymentRequired: paid,
    mode: 'sweepstakes',
  });
  expect(res.statusCode, res.body).toBe(201);
}

const fan = (s: Suite) => new Client(s.ctx.app, `10.36.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

async function enter(s: Suite, slug: string, extra: Record<string, unknown> = {}) {
  const res = await fan(s).post(apiPaths.boardEntries(slug), {
    phone: '+12025550138',
    nickname: `Fan${key}`,
    amountCents: 2000,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `entry-refunds-${key++}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: EntryCreated }>().entry;
}

const localSessionOf = (entry: EntryCreated) => (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';

const publicBoard = async (s: Suite, slug: string) =>
  (await s.ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json<BoardView>();
const listed = async (s: Suite, query: string) =>
  ((await s.admin.get(`${apiPaths.admin.entries}?${query}&limit=500`)).json().entries as AdminEntry[]) ?? [];
const rowOf = async (s: Suite, id: string) =>
  (await s.ctx.database.db.select().from(entries).where(eq(entries.id, id)))[0];
const paymentOf = async (s: Suite, id: string) => {
  const row = await rowOf(s, id);
  return row?.paymentId
    ? (await s.ctx.database.db.select().from(payments).where(eq(payments.id, row.paymentId)))[0]
    : undefined;
};
const auditOf = async (s: Suite, action: string, code: string) =>
  ((await s.admin.get(`${apiPaths.admin.audit}?limit=500`)).json().events as AuditEvent[]).filter(
    (e) => e.action === action && (e.before as { code?: string } | null)?.code === code,
  );
const textsOf = (s: Suite, id: string) =>
  s.ctx.database.db
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.key, `entry-%:${id}`));
const mailsOf = (s: Suite, id: string) =>
  s.ctx.database.db
    .select()
    .from(mailNotifications)
    .where(like(mailNotifications.key, `entry-%:${id}`));
const auditCount = async (s: Suite) => (await s.ctx.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

describe(`with the local test checkout (${testDatabaseKind})`, () => {
  const s = {} as Suite;
  const secret = 'test-secret-for-entry-refunds-0123456789';
  beforeAll(async () => {
    s.ctx = await createTestApp({
      payments: createLocalProvider({ publicUrl: 'http://localhost:3000', secret }),
      settings: { ...settings, authSecret: secret },
    });
    s.admin = await signedInAdmin(s.ctx.app, '10.36.250.1');
    await createBoard(s, 'refund-paid', true);
    await createBoard(s, 'refund-cash', false);
  });
  afterAll(() => s.ctx?.close());

  /** A paid entry: entered, then paid through the local checkout with the payer's email. */
  async function paidEntry(extra: Record<string, unknown> = {}, email = '') {
    const entry = await enter(s, 'refund-paid', extra);
    const paid = await fan(s).post(apiPaths.payments.localPay(localSessionOf(entry)), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      email,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return entry;
  }

  it('deletes a paid entry: refunded in full, its cells free, audited, the fan emailed and texted', async () => {
    const entry = await paidEntry({ smsConsent: true, nickname: 'Payer' }, 'payer@example.com');
    const [shown] = (await listed(s, 'board=refund-paid')).filter((e) => e.id === entry.id);
    expect(shown).toMatchObject({
      paymentState: 'paid',
      checkoutPaidCents: 2000,
      cashState: 'none',
      removed: null,
      reachBy: { email: true, text: true },
      deletable: true,
    });
    expect((await publicBoard(s, 'refund-paid')).cells.map((c) => c.cell)).toContain(entry.cells[0]);

    const res = await s.admin.delete(apiPaths.admin.entry(entry.id));
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
    // The row stays for the ledger, off the board and off every list.
    expect(await rowOf(s, entry.id)).toMatchObject({ status: 'released', removedHow: 'deleted' });
    const board = await publicBoard(s, 'refund-paid');
    expect(board.cells.map((c) => c.cell)).not.toContain(entry.cells[0]);
    expect((await listed(s, 'board=refund-paid')).map((e) => e.id)).not.toContain(entry.id);
    const [event, ...more] = await auditOf(s, 'entry.delete', entry.code);
    expect(more).toHaveLength(0);
    expect(event?.before).toMatchObject({ paymentState: 'paid', checkoutPaidCents: 2000, cells: entry.cells });
    expect(event?.after).toMatchObject({
      paymentState: 'refunded',
      removed: 'deleted',
      refundedCents: 2000,
      freedCells: entry.cells,
      cells: [],
    });
    const [mail] = await mailsOf(s, entry.id);
    const told = `FanGrid: Heat vs Magic, your code ${entry.code}: the organizer deleted your entry. Your $20 is refunded in full to the card you paid with.`;
    // A test payment's refund says so first in the email, as its receipt did.
    expect(mail).toMatchObject({
      to: 'payer@example.com',
      subject: '[TEST MODE] Heat vs Magic: your entry was deleted',
      text: `${testRefundNotice}\n\n${told}`,
    });
    const [text] = await textsOf(s, entry.id);
    expect(text).toMatchObject({ to: '+12025550138', status: 'queued', body: told });
    // The fan's My entries says so.
    const mine = await fan(s).post(apiPaths.entryLookup, { tickets: [entry.ticketNumber] });
    expect(mine.json<{ entries: MyEntryView[] }>().entries[0]).toMatchObject({ status: 'Deleted', cells: [] });

    // Replayed: no entry to delete, nothing refunded or told twice.
    const again = await s.admin.delete(apiPaths.admin.entry(entry.id));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ENTRY_NOT_FOUND');
    expect(await auditOf(s, 'entry.delete', entry.code)).toHaveLength(1);
    expect(await mailsOf(s, entry.id)).toHaveLength(1);
  });

  it('texts nobody who did not consent, and emails nobody without an address', async () => {
    const entry = await paidEntry({ smsConsent: false });
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect((await textsOf(s, entry.id)).map((t) => t.status)).toEqual(['skipped']);
    expect(await mailsOf(s, entry.id)).toHaveLength(0);
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
  });

  it('deletes a held entry: its checkout paid later seats nobody and is refunded', async () => {
    const entry = await enter(s, 'refund-paid', { smsConsent: true });
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect((await textsOf(s, entry.id))[0]?.body).toMatch(
      /If your payment still goes through, it is refunded in full\.$/,
    );
    const paid = await fan(s).post(apiPaths.payments.localPay(localSessionOf(entry)), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
    expect(await rowOf(s, entry.id)).toMatchObject({ status: 'released', removedHow: 'deleted' });
    expect((await publicBoard(s, 'refund-paid')).cells.filter((c) => c.code === entry.code)).toHaveLength(0);
  });

  it('deletes a collected pledge: its cash is to return, listed, then Returned once (audited)', async () => {
    const entry = await enter(s, 'refund-cash', { smsConsent: true, nickname: 'Cashy' });
    expect((await s.admin.post(apiPaths.admin.entryPaid(entry.id))).statusCode).toBe(200);
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect(await rowOf(s, entry.id)).toMatchObject({ removedHow: 'deleted', cashReturnedAt: null });
    expect((await rowOf(s, entry.id))?.cashToReturnAt).toBeInstanceOf(Date);
    expect((await listed(s, 'board=refund-cash')).map((e) => e.id)).not.toContain(entry.id);
    // The cash-to-return list finds it, deleted as it is.
    const owed = (await listed(s, 'cash=to-return')).find((e) => e.id === entry.id);
    expect(owed).toMatchObject({
      paymentState: 'to-return',
      cashCents: 2000,
      cashState: 'to-return',
      removed: 'deleted',
    });
    expect((await textsOf(s, entry.id))[0]?.body).toMatch(/The \$20 you paid in cash will be given back to you\.$/);
    // 'Mark collected' and its undo find no such entry: it is off the board.
    expect((await s.admin.post(apiPaths.admin.entryPaid(entry.id))).statusCode).toBe(404);
    expect((await s.admin.delete(apiPaths.admin.entryPaid(entry.id))).statusCode).toBe(404);

    // Returned, twice at once: one records it.
    const before = await auditCount(s);
    const answers = await Promise.all([1, 2].map(() => s.admin.post(apiPaths.admin.entryReturned(entry.id))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((a) => a.statusCode === 200)?.json<AdminEntry>();
    expect(done).toMatchObject({ paymentState: 'returned', cashState: 'returned', cashCents: 2000 });
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toMatchObject({
      code: 'NOTHING_TO_RETURN',
      message: 'This entry’s cash was marked returned already.',
    });
    expect(await auditCount(s)).toBe(before + 1);
    const [returned] = await auditOf(s, 'entry.cash-returned', entry.code);
    expect(returned?.before).toMatchObject({ cashState: 'to-return' });
    expect(returned?.after).toMatchObject({ cashState: 'returned', cashCents: 2000 });
    expect((await listed(s, 'cash=to-return')).map((e) => e.id)).not.toContain(entry.id);
    expect((await s.admin.post(apiPaths.admin.entryReturned(entry.id))).statusCode).toBe(409);
  });

  it('refuses Returned with nothing to return, and Mark collected or its undo on cash to return', async () => {
    const pledged = await enter(s, 'refund-cash');
    const refused = await s.admin.post(apiPaths.admin.entryReturned(pledged.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'NOTHING_TO_RETURN',
      message: 'This entry has no collected cash to return.',
    });
    expect((await s.admin.post(apiPaths.admin.entryReturned('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
    expect((await s.admin.post(apiPaths.admin.entryReturned('nope'))).statusCode).toBe(404);
    // Cash to return on an entry still on its board (a cancelled board's, as cancelling marks it).
    expect((await s.admin.post(apiPaths.admin.entryPaid(pledged.id))).statusCode).toBe(200);
    await s.ctx.database.db
      .update(entries)
      .set({ cashToReturnAt: s.ctx.clock.now() })
      .where(eq(entries.id, pledged.id));
    const mark = await s.admin.post(apiPaths.admin.entryPaid(pledged.id));
    expect(mark.statusCode).toBe(409);
    expect(mark.json().error.message).toBe('This entry’s cash is to be returned to the entrant.');
    const undo = await s.admin.delete(apiPaths.admin.entryPaid(pledged.id));
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toMatchObject({ code: 'NOT_COLLECTED' });
    expect((await rowOf(s, pledged.id))?.pledgeCollectedAt).toBeInstanceOf(Date);
    expect((await s.admin.post(apiPaths.admin.entryReturned(pledged.id))).statusCode).toBe(200);
  });

  it('deletes an entry without money: nothing to refund, the fan told it was deleted', async () => {
    const created = await s.admin.post(apiPaths.admin.boards, {
      slug: 'refund-free',
      game: { league: 'NBA', teamA: 'Heat', teamB: 'Magic', startsAt: minutesFrom(s.ctx, 30), venue: 'Kaseya Center' },
      format: '1v99',
      entryRule: { kind: 'no-amount' },
      prizeTable: nbaFinalsPrizes,
      organization: 'Heat Cares',
      paymentRequired: false,
      mode: 'free-to-play',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = await enter(s, 'refund-free', { amountCents: undefined, smsConsent: true });
    expect((await listed(s, 'board=refund-free')).find((e) => e.id === entry.id)?.paymentState).toBe('none');
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    const [text] = await textsOf(s, entry.id);
    expect(text?.body).toBe(`FanGrid: Heat vs Magic, your code ${entry.code}: the organizer deleted your entry.`);
    const [event] = await auditOf(s, 'entry.delete', entry.code);
    expect(event?.after).toMatchObject({ refundedCents: 0, cashCents: 0, cashState: 'none', removed: 'deleted' });
    expect((await publicBoard(s, 'refund-free')).cells).toHaveLength(0);
  });

  it('tells a pledge never collected that nothing is owed', async () => {
    const entry = await enter(s, 'refund-cash', { smsConsent: true });
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect((await textsOf(s, entry.id))[0]?.body).toMatch(/Your \$20 pledge is cancelled: you owe nothing\.$/);
    expect((await rowOf(s, entry.id))?.cashToReturnAt).toBeNull();
  });

  it('refunds a paid entry and keeps it listed as Refunded, its cells free; refuses what it cannot refund', async () => {
    const entry = await paidEntry({ smsConsent: true }, 'kept@example.com');
    const res = await s.admin.post(apiPaths.admin.entryRefund(entry.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminEntry>()).toMatchObject({
      paymentState: 'refunded',
      removed: 'refunded',
      checkoutPaidCents: 0,
      cells: [],
      deletable: true,
    });
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
    expect((await listed(s, 'board=refund-paid')).find((e) => e.id === entry.id)).toMatchObject({
      paymentState: 'refunded',
      removed: 'refunded',
    });
    expect((await publicBoard(s, 'refund-paid')).cells.map((c) => c.cell)).not.toContain(entry.cells[0]);
    const [event] = await auditOf(s, 'entry.refund', entry.code);
    expect(event?.after).toMatchObject({ removed: 'refunded', refundedCents: 2000, freedCells: entry.cells });
    const [mail] = await mailsOf(s, entry.id);
    expect(mail).toMatchObject({
      to: 'kept@example.com',
      subject: '[TEST MODE] Heat vs Magic: your entry was refunded',
    });
    expect(mail?.text).toBe(
      `${testRefundNotice}\n\nFanGrid: Heat vs Magic, your code ${entry.code}: the organizer refunded your entry. Your $20 is refunded in full to the card you paid with. Your squares are free again.`,
    );
    const mine = await fan(s).post(apiPaths.entryLookup, { tickets: [entry.ticketNumber] });
    expect(mine.json<{ entries: MyEntryView[] }>().entries[0]?.status).toBe('Refunded');

    // Refused: refunded already, no checkout payment (a pledge, a hold), unknown.
    const twice = await s.admin.post(apiPaths.admin.entryRefund(entry.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REFUNDED');
    const pledge = await enter(s, 'refund-cash');
    const noCheckout = await s.admin.post(apiPaths.admin.entryRefund(pledge.id));
    expect(noCheckout.statusCode).toBe(409);
    expect(noCheckout.json().error).toMatchObject({
      code: 'NOT_REFUNDABLE',
      message: 'This entry has no checkout payment to refund.',
    });
    const held = await enter(s, 'refund-paid');
    expect((await s.admin.post(apiPaths.admin.entryRefund(held.id))).json().error.code).toBe('NOT_REFUNDABLE');
    expect((await s.admin.post(apiPaths.admin.entryRefund('nope'))).statusCode).toBe(404);
    expect(await auditOf(s, 'entry.refund', entry.code)).toHaveLength(1);

    // Deleted afterwards: off every list, nothing refunded twice.
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect((await listed(s, 'board=refund-paid')).map((e) => e.id)).not.toContain(entry.id);
    const [deleted] = await auditOf(s, 'entry.delete', entry.code);
    expect(deleted?.after).toMatchObject({ removed: 'deleted', refundedCents: 0 });
  });

  it('refuses to delete or refund once the board is locked', async () => {
    await createBoard(s, 'refund-locked', true);
    const entry = await enter(s, 'refund-locked');
    await fan(s).post(apiPaths.payments.localPay(localSessionOf(entry)), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect((await s.admin.post(apiPaths.admin.boardLock('refund-locked'))).statusCode).toBe(200);
    const before = await auditCount(s);
    for (const res of [
      await s.admin.delete(apiPaths.admin.entry(entry.id)),
      await s.admin.post(apiPaths.admin.entryRefund(entry.id)),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('ENTRY_LOCKED');
    }
    expect((await paymentOf(s, entry.id))?.status).toBe('paid');
    expect(await auditCount(s)).toBe(before);
  });

  it('answers 401 to every new route without the admin session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of [apiPaths.admin.entryRefund(id), apiPaths.admin.entryReturned(id)]) {
      const res = await s.ctx.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
    const list = await s.ctx.app.inject({ method: 'GET', url: `${apiPaths.admin.entries}?cash=to-return` });
    expect(list.statusCode).toBe(401);
  });
});

/**
 * A local stand-in for the Stripe API: Checkout Sessions (created, then read back paid), and refunds answered
 * with Stripe's own refund object (tests/support/recorded/stripe/refund.json), one per idempotency key as
 * Stripe keeps them. A session named in `refusing` has its refund refused.
 */
function fakeStripe() {
  const recordedRefund = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../support/recorded/stripe/refund.json'), 'utf8'),
  ) as Stripe.Refund;
  const amounts = new Map<string, number>();
  const refunds = new Map<string, Stripe.Refund>();
  const refusing = new Set<string>();
  const requests: { method: string; path: string; key: string | undefined; body: URLSearchParams }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = req.url ?? '';
      const idemKey = req.headers['idempotency-key'] as string | undefined;
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: url, key: idemKey, body });
      const json = (status: number, answer: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(answer));
      };
      if (url === '/v1/checkout/sessions' && req.method === 'POST') {
        const id = `cs_test_refunds_${requests.length}`;
        amounts.set(id, Number(body.get('line_items[0][price_data][unit_amount]')));
        return json(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      const read = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url);
      if (read?.[1] && req.method === 'GET') {
        return json(
          200,
          checkoutSession({
            sessionId: read[1],
            amountCents: amounts.get(read[1]) ?? 0,
            paymentStatus: 'paid',
            createdSec: 1_749_657_600,
          }),
        );
      }
      if (url === '/v1/refunds' && req.method === 'POST') {
        const session = idemKey?.replace(/^refund-/, '') ?? '';
        if (refusing.has(session)) {
          return json(400, {
            error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' },
          });
        }
        const kept = idemKey ? refunds.get(idemKey) : undefined;
        const refund: Stripe.Refund = kept ?? {
          ...recordedRefund,
          id: `re_test_${refunds.size + 1}`,
          amount: amounts.get(session) ?? 0,
          payment_intent: body.get('payment_intent'),
          created: 1_749_657_600,
        };
        if (idemKey) refunds.set(idemKey, refund);
        return json(200, refund);
      }
      json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url})` } });
    });
  });
  return { server, requests, refunds, refusing };
}

describe(`with Stripe (a local fake of its API, ${testDatabaseKind})`, () => {
  const s = {} as Suite;
  const stripe = fakeStripe();
  const webhookSecret = 'whsec_fangrid_entry_refunds';
  const secret = 'test-secret-for-entry-refunds-stripe-0123';
  let provider: ReturnType<typeof createStripeProvider>;
  beforeAll(async () => {
    await new Promise<void>((r) => stripe.server.listen(0, '127.0.0.1', r));
    const port = (stripe.server.address() as AddressInfo).port;
    provider = createStripeProvider({
      secretKey: 'sk_test_fangrid',
      webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    s.ctx = await createTestApp({ payments: provider, settings: { ...settings, authSecret: secret } });
    s.admin = await signedInAdmin(s.ctx.app, '10.36.251.1');
    await createBoard(s, 'stripe-refunds', true);
  });
  afterAll(async () => {
    await s.ctx?.close();
    await new Promise((r) => stripe.server.close(r));
  });

  let evt = 0;
  /** An entry paid at Stripe: its checkout opened through the fake API, then Stripe's completed event. */
  async function paidAtStripe(extra: Record<string, unknown> = {}) {
    const entry = await enter(s, 'stripe-refunds', extra);
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    const sessionId = (
      await s.ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, (await rowOf(s, entry.id))?.paymentId ?? ''))
    )[0]?.sessionId;
    expect(created?.body.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    const nowSec = Math.floor(s.ctx.clock.now().getTime() / 1000);
    const raw = stripeEventBody(
      'checkout.session.completed',
      checkoutSession({ sessionId: sessionId ?? '', amountCents: 2000, paymentStatus: 'paid', createdSec: nowSec }),
      { id: `evt_refunds_${evt++}`, createdSec: nowSec },
    );
    const res = await s.ctx.app.inject({
      method: 'POST',
      url: apiPaths.payments.webhook,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(raw, webhookSecret, s.ctx.clock.now().getTime()),
      },
    });
    expect(res.json()).toMatchObject({ applied: true });
    expect((await rowOf(s, entry.id))?.status).toBe('confirmed');
    return { entry, sessionId: sessionId ?? '' };
  }
  const refundRequests = (sessionId: string) =>
    stripe.requests.filter((r) => r.path === '/v1/refunds' && r.key === `refund-${sessionId}`);

  it('refunds the payment intent at Stripe, which answers with its refund object', async () => {
    const { entry, sessionId } = await paidAtStripe({ smsConsent: true });
    // Stripe collected the payer's email at checkout: the fan is told there.
    expect((await rowOf(s, entry.id))?.email).toBe('vin@example.com');
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    const [req, ...more] = refundRequests(sessionId);
    expect(more).toHaveLength(0);
    expect(Object.fromEntries(req?.body ?? [])).toEqual({ payment_intent: 'pi_3QRzYfLkdIwHu7ix0Ds1Kq8H' });
    expect(stripe.refunds.get(`refund-${sessionId}`)).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 2000,
      currency: 'usd',
    });
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
    expect((await mailsOf(s, entry.id))[0]).toMatchObject({
      to: 'vin@example.com',
      subject: '[TEST MODE] Heat vs Magic: your entry was deleted',
    });
  });

  it('changes nothing when Stripe refuses the refund: 502, the entry and its payment as they were', async () => {
    const { entry, sessionId } = await paidAtStripe({ smsConsent: true });
    stripe.refusing.add(sessionId);
    const before = await auditCount(s);
    for (const res of [
      await s.admin.delete(apiPaths.admin.entry(entry.id)),
      await s.admin.post(apiPaths.admin.entryRefund(entry.id)),
    ]) {
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'REFUND_FAILED',
        message: 'The payment provider did not refund the $20: nothing was changed. Try again in a moment.',
      });
    }
    expect((await paymentOf(s, entry.id))?.status).toBe('paid');
    expect(await rowOf(s, entry.id)).toMatchObject({ status: 'confirmed', removedAt: null });
    expect((await publicBoard(s, 'stripe-refunds')).cells.map((c) => c.cell)).toContain(entry.cells[0]);
    expect(await auditCount(s)).toBe(before);
    expect(await textsOf(s, entry.id)).toHaveLength(0);
    // Once Stripe takes it, the delete goes through.
    stripe.refusing.delete(sessionId);
    expect((await s.admin.delete(apiPaths.admin.entry(entry.id))).statusCode).toBe(200);
    expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
  });

  it('refunds once when the same delete comes twice at once, on one instance and on two', async () => {
    const second = await openSecondConnection(s.ctx.database);
    const other: FastifyInstance = await buildApp({
      database: second,
      clock: s.ctx.clock,
      logger: false,
      payments: provider,
      settings: { ...settings, authSecret: secret },
    });
    try {
      const onOther = (method: 'DELETE' | 'POST', url: string) =>
        other.inject({
          method,
          url,
          remoteAddress: '10.36.251.1',
          headers: { origin: ORIGIN, cookie: s.admin.cookieHeader },
        });
      for (const twoInstances of [false, true]) {
        const { entry, sessionId } = await paidAtStripe({ smsConsent: true });
        const url = apiPaths.admin.entry(entry.id);
        const answers = await Promise.all([
          s.admin.delete(url),
          twoInstances ? onOther('DELETE', url) : s.admin.delete(url),
          twoInstances ? onOther('DELETE', url) : s.admin.delete(url),
        ]);
        expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 404, 404]);
        expect(refundRequests(sessionId)).toHaveLength(1);
        expect((await paymentOf(s, entry.id))?.status).toBe('refunded');
        expect(await auditOf(s, 'entry.delete', entry.code)).toHaveLength(1);
        expect(await textsOf(s, entry.id)).toHaveLength(1);
      }
      // A refund and a delete at once: one refund at Stripe, and the entry ends deleted or refunded, told once each.
      const { entry, sessionId } = await paidAtStripe();
      const answers = await Promise.all([
        s.admin.post(apiPaths.admin.entryRefund(entry.id)),
        onOther('POST', apiPaths.admin.entryRefund(entry.id)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(refundRequests(sessionId)).toHaveLength(1);
      expect(await auditOf(s, 'entry.refund', entry.code)).toHaveLength(1);
      expect(
        await s.ctx.database.db
          .select({ n: count() })
          .from(entries)
          .where(and(eq(entries.id, entry.id), eq(entries.removedHow, 'refunded'))),
      ).toEqual([{ n: 1 }]);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
