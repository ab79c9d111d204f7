import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/server/platform/mail/mailer';
import type { SavedSubmission } from '../../src/shared/contracts/partners';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { decodePart, startSmtpSink } from '../support/smtp';
import { createTestApp, type TestContext } from '../support/test-app';

/** The partner confirmation (send-partner-confirmation) over SMTP, to a real SMTP server in the test. */
describe('partner emails over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  let mailer: ReturnType<typeof createSmtpMailer>;
  const inbox = 'partners@fangrid.test';

  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${sink.port}`, from: 'FanGrid <no-reply@fangrid.test>' });
    ctx = await createTestApp({ mailer, settings: { partnersInbox: inbox } });
  });

  afterAll(async () => {
    await ctx.close();
    mailer.close();
    await sink.close();
  });

  it('saves the form, then delivers the confirmation with the partner and every field to the contact', async () => {
    const client = new Client(ctx.app, '10.79.0.1');
    const form = {
      organizationName: 'Lakeside Lightning',
      contactPerson: 'Jordan Lee',
      email: 'jordan@lakeside.example',
      phone: '202-555-0199',
      address: '1 Harbor Way\nLakeside',
      website: 'https://lakeside.example',
      memo: 'Looking for a spring partnership',
      currentSponsorships: 'Harbor Credit Union',
      brandColors: 'Teal and white',
      brandDescription: 'Lakeside youth basketball',
      logoUrl: 'https://lakeside.example/logo.svg',
    };
    const saved = await client.post(apiPaths.partners.submissions('community-champions'), form);
    expect(saved.statusCode, saved.body).toBe(201);
    const { submission, receipt } = saved.json<SavedSubmission>();
    const sent = await client.post(apiPaths.partners.confirmation(submission.id), { receipt });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'jordan@lakeside.example' });

    const mail = sink.received.find((m) => m.to.includes('jordan@lakeside.example'));
    expect(mail?.from).toBe('no-reply@fangrid.test');
    expect(mail?.raw).toMatch(/^Subject: Community Champions: we received your partner details\r?$/m);
    expect(mail?.raw).toMatch(/^Reply-To: partners@fangrid\.test\r?$/m);
    const text = decodePart(mail?.raw ?? '', 'text/plain');
    expect(text).toContain('Thank you, Jordan Lee!');
    expect(text).toContain("We received Lakeside Lightning's partner details for Community Champions.");
    for (const value of [
      '+12025550199',
      '1 Harbor Way',
      'Harbor Credit Union',
      'Teal and white',
      'https://lakeside.example/logo.svg',
    ]) {
      expect(text).toContain(value);
    }
  });

  it('delivers an inquiry to the partners inbox with replies going to the person who wrote in', async () => {
    const res = await new Client(ctx.app, '10.79.0.2').post(apiPaths.partners.inquiries, {
      name: 'Casey Park',
      email: 'casey@club.example',
      message: 'Can we talk about a board for our tournament?',
    });
    expect(res.statusCode).toBe(201);
    const mail = sink.received.find((m) => m.to.includes(inbox));
    expect(mail?.raw).toMatch(/^Reply-To: casey@club\.example\r?$/m);
    expect(mail?.raw).toMatch(/^Subject: New partnership inquiry from Casey Park\r?$/m);
    expect(decodePart(mail?.raw ?? '', 'text/plain')).toContain('Can we talk about a board for our tournament?');
  });
});
