import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/server/platform/mail/mailer';
import { createLocalProvider } from '../../src/server/platform/payments';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { testCards } from '../../src/shared/domain/payments';
import { Client } from '../support/http';
import { readPdf } from '../support/pdf';
import { attachmentsOf, decodePart, startSmtpSink } from '../support/smtp';
import { createTestApp, type TestContext } from '../support/test-app';

// The year-end giving statement (src/server/features/payments/statement.ts) as its reader sees it: the text
// of the downloaded PDF, and the PDF attached to the January email, sent over SMTP to a real SMTP server.
const m = apiPaths.donations.monthly;
const secret = 'test-secret-for-giving-statements-0123';
const provider = createLocalProvider({ publicUrl: 'http://localhost:3000', secret });
const email = 'statement-reader@example.com';
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let mailer: ReturnType<typeof createSmtpMailer>;
let ctx: TestContext;
const fan = () => new Client(ctx.app, '10.83.0.1');

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${sink.port}`, from: 'FanGrid <no-reply@fangrid.test>' });
  ctx = await createTestApp({ payments: provider, mailer, settings: { authSecret: secret } });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx?.close();
  mailer?.close();
  await sink?.close();
});

const tickTo = (iso: string) => ctx.clock.tick(Date.parse(iso) - ctx.clock.now().getTime());
const mailsTo = (to: string) => sink.received.filter((r) => r.to.includes(to));
const subjectOf = (raw: string) => /^Subject: (.*)\r?$/m.exec(raw)?.[1] ?? '';

async function give(type: 'recurring' | 'one-time', organization: string, amountCents: number) {
  const c = fan();
  const started = await c.post(apiPaths.donations.checkout, {
    kind: 'game',
    type,
    amountCents,
    gameData: { title: `${organization} night`, organization },
    donorName: 'Ernie Banks',
    donorEmail: email,
  });
  expect(started.statusCode, started.body).toBe(201);
  const { sessionId, reference } = started.json<CheckoutStarted>();
  const paid = await c.post(apiPaths.payments.localPay(sessionId), {
    number: testCards.pays,
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

/** A donor client signed in through the manage link the SMTP server received. */
async function signedInDonor() {
  const c = fan();
  const before = mailsTo(email).length;
  expect((await c.post(m.link, { email })).statusCode).toBe(202);
  const mail = mailsTo(email)
    .slice(before)
    .find((r) => subjectOf(r.raw).includes('manage your monthly gifts'));
  const token = /#token=([\w-]+)/.exec(decodePart(mail?.raw ?? '', 'text/plain'))?.[1];
  if (!token) throw new Error('no manage link received');
  expect((await c.post(m.session, { token })).statusCode).toBe(200);
  return c;
}

let monthly: string;
let oneTime: string;
const renewals = ['07', '08', '09', '10', '11', '12'];

/** What the 2025 statement must say, whenever it is made. */
function expectTheYear(text: string) {
  expect(text).toContain('TEST MODE: no money moved.');
  expect(text).toContain('Giving statement 2025');
  expect(text).toContain(`Ernie Banks <${email}>`);
  // Each organization, each of its gifts (date, reference, amount), its total and the charitable-gift wording.
  expect(text).toContain('Cubs Care Date Reference Amount');
  expect(text).toContain(`2025-06-11 ${monthly} $15.00`);
  renewals.forEach((month, i) => {
    expect(text).toContain(`2025-${month}-11 ${monthly}-${i + 2} $15.00`);
  });
  expect(text).toContain('Total 7 gifts $105.00');
  expect(text).toContain('Cubs Care received these gifts. No goods or services were provided in exchange for them.');
  expect(text).toContain(`Hornets Foundation Date Reference Amount 2025-06-11 ${oneTime} $50.00 Total 1 gift $50.00`);
  expect(text).toContain(
    'Hornets Foundation received these gifts. No goods or services were provided in exchange for them.',
  );
  expect(text).toContain('Total given in 2025: $155.00');
  expect(text).toContain('no goods or services were provided in exchange for any gift listed.');
  // Nothing of the next year.
  expect(text).not.toContain('2026-01-11');
  expect(text).not.toContain(`${monthly}-8`);
}

describe('the year-end giving statement', () => {
  it('lists each gift of the year per organization, with totals and the charitable-gift wording', async () => {
    monthly = await give('recurring', 'Cubs Care', 1500);
    oneTime = await give('one-time', 'Hornets Foundation', 5000);
    // The monthly gift renews on the 11th of each month, on the scheduler.
    for (const month of renewals) await tickTo(`2025-${month}-11T17:00:00Z`);
    const c = await signedInDonor();
    const res = await c.get(m.statement(2025));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="fangrid-giving-statement-2025.pdf"');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.numPages).toBe(1);
    expect(pdf.pages[0]).toMatchObject({ width: 612, height: 792 }); // US Letter
    expect(pdf.info.Title).toBe('Giving statement 2025');
    expectTheYear(pdf.text);
    expect(pdf.text).toContain('Issued 2025-12-11 by FanGrid');
    expect(pdf.text).toContain('Giving statement 2025 · Ernie Banks · page 1 of 1');
  });

  it('is mailed in January with the PDF attached, once; the next year’s gifts stay out of it', async () => {
    await tickTo('2026-01-01T00:30:00Z');
    await tickTo('2026-01-12T17:00:00Z'); // the January renewal, and further daily runs
    const mails = mailsTo(email).filter((r) => subjectOf(r.raw).includes('giving statement'));
    expect(mails.map((r) => subjectOf(r.raw))).toEqual(['[TEST MODE] Your 2025 giving statement']);
    const raw = mails[0]?.raw ?? '';
    const text = decodePart(raw, 'text/plain');
    expect(text).toContain('the attached PDF statement lists each gift');
    expect(text).toContain('Cubs Care: $105.00');
    expect(text).toContain('Hornets Foundation: $50.00');
    expect(text).toContain('No goods or services were provided in exchange for these gifts.');
    const [attached, ...more] = attachmentsOf(raw);
    expect(more).toHaveLength(0);
    expect(attached).toMatchObject({ filename: 'fangrid-giving-statement-2025.pdf', contentType: 'application/pdf' });
    const pdf = await readPdf(attached?.content ?? Buffer.alloc(0));
    expectTheYear(pdf.text);
    expect(pdf.text).toContain('Issued 2026-01-01 by FanGrid');

    // The download made after the January renewal still lists 2025 only.
    const c = await signedInDonor();
    expectTheYear((await readPdf((await c.get(m.statement(2025))).rawPayload)).text);
  });
});
