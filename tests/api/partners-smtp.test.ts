import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/server/platform/mail/mailer';
import type { SavedSubmission } from '../../src/shared/contracts/partners';
import { apiPaths } from '../../src/shared/contracts/paths';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** The plain-text part of a message, quoted-printable decoded. */
function plainText(raw: string): string {
  const idx = raw.toLowerCase().indexOf('content-type: text/plain');
  if (idx === -1) throw new Error('no text/plain part');
  const rest = raw.slice(idx);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd).toLowerCase();
  let body = rest.slice(headerEnd + 4);
  const boundary = body.search(/\r\n--/);
  if (boundary !== -1) body = body.slice(0, boundary);
  if (headers.includes('quoted-printable')) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    body = Buffer.from(body, 'latin1').toString('utf8');
  }
  if (headers.includes('base64')) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body.replace(/\r\n/g, '\n');
}

/** The partner confirmation (send-partner-confirmation) over SMTP, to a real SMTP server in the test. */
describe('partner emails over SMTP', () => {
  let server: SMTPServer;
  let ctx: TestContext;
  let mailer: ReturnType<typeof createSmtpMailer>;
  const received: Received[] = [];
  const inbox = 'partners@fangrid.test';

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'FanGrid <no-reply@fangrid.test>' });
    ctx = await createTestApp({ mailer, settings: { partnersInbox: inbox } });
  });

  afterAll(async () => {
    await ctx.close();
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('saves the form, then delivers the confirmation with the partner and every field to the contact', async () => {
    const client = new Client(ctx.app, '10.79.0.1');
    const form = {
      organizationName: 'Lakeside Lightning',
      contactPerson: 'Jordan Lee',
      email: 'jordan@lakeside.example',
      phone: '555-0199',
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

    const mail = received.find((m) => m.to.includes('jordan@lakeside.example'));
    expect(mail?.from).toBe('no-reply@fangrid.test');
    expect(mail?.raw).toMatch(/^Subject: Community Champions: we received your partner details\r?$/m);
    expect(mail?.raw).toMatch(/^Reply-To: partners@fangrid\.test\r?$/m);
    const text = plainText(mail?.raw ?? '');
    expect(text).toContain('Thank you, Jordan Lee!');
    expect(text).toContain("We received Lakeside Lightning's partner details for Community Champions.");
    for (const value of [
      '555-0199',
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
    const mail = received.find((m) => m.to.includes(inbox));
    expect(mail?.raw).toMatch(/^Reply-To: casey@club\.example\r?$/m);
    expect(mail?.raw).toMatch(/^Subject: New partnership inquiry from Casey Park\r?$/m);
    expect(plainText(mail?.raw ?? '')).toContain('Can we talk about a board for our tournament?');
  });
});
