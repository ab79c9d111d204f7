import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { devOutbox, mailNotifications, partnerInquiries, payments } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { fixedClock } from '../../src/server/platform/clock';
import { createOutboxMailer, type Mailer, type MailMessage } from '../../src/server/platform/mail/mailer';
import { createMailNotifications } from '../../src/server/platform/mail/notifications';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { createTestDatabase } from '../support/test-db';

/**
 * Every email goes through the mail_notifications outbox: sent at once with the request that caused it, a
 * failed send retried by the scheduler's job with backoff, a key sent once, and each row visible with its state.
 */
const message = (to: string, subject: string): MailMessage => ({
  to,
  subject,
  text: `${subject}\n\nFanGrid`,
  html: `<p>${subject}</p>`,
});
const rowsOf = (db: Database['db'], key: string) =>
  db.select().from(mailNotifications).where(eq(mailNotifications.key, key));
const deliveredTo = (db: Database['db'], to: string) => db.select().from(devOutbox).where(eq(devOutbox.to, to));

describe('the outbox’s send', () => {
  let database: Database;
  const clock = fixedClock('2025-06-11T16:00:00Z');
  const quiet = { warn() {} };
  let failing = false;
  let outbox: ReturnType<typeof createMailNotifications>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const dev = createOutboxMailer({ db: database.db, from: 'FanGrid <no-reply@fangrid.test>', clock });
    const mailer: Mailer = {
      kind: 'outbox',
      async send(m) {
        if (failing) throw new Error('SMTP down');
        await dev.send(m);
      },
    };
    outbox = createMailNotifications({
      db: database.db,
      mailer,
      clock,
      random: () => 0.5,
      leaseMs: 60_000,
      log: quiet,
    });
  });
  afterAll(() => database.close());

  it('enqueues a duplicate key once and sends it once', async () => {
    const to = 'dup-outbox@example.com';
    const first = await outbox.send(message(to, 'Once only'), { key: 'test:dup' });
    const again = await outbox.send(message(to, 'Once only'), { key: 'test:dup' });
    expect([first, again]).toEqual(['sent', 'duplicate']);
    expect((await rowsOf(database.db, 'test:dup')).map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
    expect(await deliveredTo(database.db, to)).toHaveLength(1);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps the HTML, reply-to and attachments it was given', async () => {
    const to = 'attach-outbox@example.com';
    const pdf = Buffer.from('%PDF-1.4 statement');
    await outbox.send(
      {
        ...message(to, 'Your statement'),
        replyTo: 'partners@fangrid.test',
        attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: pdf }],
      },
      { key: 'test:attach' },
    );
    const [row] = await rowsOf(database.db, 'test:attach');
    expect(row).toMatchObject({ status: 'sent', html: '<p>Your statement</p>', replyTo: 'partners@fangrid.test' });
    expect(row?.attachments).toEqual([
      { filename: 'statement.pdf', contentType: 'application/pdf', content: pdf.toString('base64') },
    ]);
    const [shown] = await deliveredTo(database.db, to);
    expect(shown?.html).toBe('<p>Your statement</p>');
    expect(shown?.text).toContain(`[Attached: statement.pdf (application/pdf, ${pdf.length} bytes)]`);
  });

  it('with retry: false, a failed first send is thrown and the row failed, never retried', async () => {
    failing = true;
    await expect(
      outbox.send(message('noretry@example.com', 'Try again'), { key: 'test:noretry', retry: false }),
    ).rejects.toThrow('SMTP down');
    failing = false;
    clock.advance(24 * 3_600_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await rowsOf(database.db, 'test:noretry')).map((r) => [r.status, r.lastError])).toEqual([
      ['failed', 'SMTP down'],
    ]);
    expect(await deliveredTo(database.db, 'noretry@example.com')).toHaveLength(0);
  });
});

describe('an email whose first send fails', () => {
  let ctx: TestContext;
  let failures = 1;
  let tries = 0;
  const inbox = 'outbox-partners@fangrid.test';

  beforeAll(async () => {
    let dev: Mailer | undefined;
    const flaky: Mailer = {
      kind: 'smtp',
      async send(m) {
        tries++;
        if (failures > 0) {
          failures--;
          throw new Error('SMTP down');
        }
        dev ??= createOutboxMailer({ db: ctx.database.db, from: 'FanGrid <no-reply@fangrid.test>', clock: ctx.clock });
        await dev.send(m);
      },
    };
    ctx = await createTestApp({ mailer: flaky, settings: { partnersInbox: inbox } });
  });
  afterAll(() => ctx.close());

  it('is retried by the job once the clock passes its backoff, and arrives once', async () => {
    const res = await new Client(ctx.app, '10.79.0.1').post(apiPaths.partners.inquiries, {
      name: 'Riley Coach',
      email: 'riley-outbox@clubs.example',
      organization: 'Northside Youth Hoops',
      message: 'We would love to run a board for our fall fundraiser.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = `partner-inquiry:${res.json().id}`;
    const [queued] = await rowsOf(ctx.database.db, key);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP down', to: inbox });
    expect(queued?.nextAttemptAt?.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    const [inquiry] = await ctx.database.db
      .select()
      .from(partnerInquiries)
      .where(eq(partnerInquiries.id, res.json().id));
    expect(inquiry?.notifiedAt).toBeNull();

    // The job's next run comes before the backoff ends: nothing is tried.
    await ctx.clock.tick(5_000);
    expect(tries).toBe(1);
    expect(await deliveredTo(ctx.database.db, inbox)).toHaveLength(0);

    await ctx.clock.tick(60_000);
    expect(tries).toBe(2);
    const [sent] = await rowsOf(ctx.database.db, key);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await ctx.clock.tick(60_000);
    expect(tries).toBe(2);
    const delivered = await deliveredTo(ctx.database.db, inbox);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.text).toContain('Northside Youth Hoops');
  });
});

describe('receipts through the outbox', () => {
  const secret = 'test-secret-for-mail-outbox-0123456789ab';
  const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
  const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      payments: provider,
      settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
    });
    await seedDemoBoards(ctx.database.db, ctx.clock, () => 'feed'.padEnd(64, '8'));
  });
  afterAll(() => ctx.close());

  const paymentOf = async (sessionId: string) =>
    (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]?.id ?? '';

  it('an entry receipt is a row of mail_notifications, sent to the dev outbox', async () => {
    const fan = await signedInFan(ctx.database.db, new Client(ctx.app, '10.79.1.1'), {
      email: 'outbox-entrant@example.com',
      name: 'Outbox Entrant',
      phone: '+12025550131',
    });
    // The account's confirmation email went through the outbox too.
    const confirmations = await ctx.database.db
      .select()
      .from(mailNotifications)
      .where(eq(mailNotifications.to, 'outbox-entrant@example.com'));
    expect(confirmations.map((r) => [r.subject, r.status])).toEqual([['Confirm your FanGrid account', 'sent']]);

    const res = await fan.post(apiPaths.boardEntries('lakers-warriors'), {
      phone: '+12025550131',
      nickname: 'Outbox',
      amountCents: 500,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'mail-outbox-entry-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ entry: EntryCreated }>().entry;
    const sessionId = (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
    expect((await fan.post(apiPaths.payments.localPay(sessionId), card)).statusCode).toBe(200);

    const [row] = await rowsOf(ctx.database.db, `receipt:entry:${await paymentOf(sessionId)}`);
    expect(row).toMatchObject({ to: 'outbox-entrant@example.com', status: 'sent', attempts: 1 });
    expect(row?.subject).toBe(`[TEST MODE] Your FanGrid entry receipt (ticket ${entry.ticketNumber})`);
    const delivered = (await deliveredTo(ctx.database.db, 'outbox-entrant@example.com')).filter(
      (m) => m.subject === row?.subject,
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.html).toBe(row?.html);
  });

  it('a donation receipt is a row of mail_notifications, sent to the dev outbox', async () => {
    const fan = new Client(ctx.app, '10.79.1.2');
    const start = await fan.post(apiPaths.donations.checkout, {
      kind: 'baseball',
      type: 'one-time',
      amountCents: 2500,
      gameData: { id: 'dodgers-giants', title: 'Dodgers vs Giants', organization: 'FanGrid Baseball Community Fund' },
      donorName: 'Outbox Donor',
      donorEmail: 'outbox-donor@example.com',
    });
    expect(start.statusCode, start.body).toBe(201);
    const started = start.json<CheckoutStarted>();
    expect((await fan.post(apiPaths.payments.localPay(started.sessionId), card)).statusCode).toBe(200);

    const [row] = await rowsOf(ctx.database.db, `receipt:donation:${await paymentOf(started.sessionId)}`);
    expect(row).toMatchObject({ to: 'outbox-donor@example.com', status: 'sent', attempts: 1 });
    expect(row?.text).toContain(started.reference);
    const delivered = await deliveredTo(ctx.database.db, 'outbox-donor@example.com');
    expect(delivered.map((m) => m.subject)).toEqual([row?.subject]);
    expect(
      await ctx.database.db.select().from(mailNotifications).where(like(mailNotifications.key, 'receipt:donation:%')),
    ).toHaveLength(1);
  });
});
