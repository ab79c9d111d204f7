import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { confirmationEmail } from '../../src/server/features/accounts/emails';
import { fixedClock } from '../../src/server/platform/clock';
import { createOutboxMailer, createSmtpMailer } from '../../src/server/platform/mail/mailer';
import { createTestDatabase } from '../support/test-db';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Decodes the body of a simple single-part or multipart message (quoted-printable aware). */
function decodePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const idx = raw.toLowerCase().indexOf(`content-type: ${type}`);
  if (idx === -1) throw new Error(`no ${type} part`);
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
  return body.replace(/\r\n/g, '\n');
}

describe('mail platform', () => {
  let server: SMTPServer;
  let port = 0;
  const received: Received[] = [];
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
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
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  it('sends over SMTP exactly what the dev outbox shows', async () => {
    const message = confirmationEmail(
      'fan@example.com',
      'Jordan',
      'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Flogin',
    );
    const from = 'FanGrid <no-reply@fangrid.test>';
    const smtp = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from });
    await smtp.send(message);
    smtp.close();

    const outbox = createOutboxMailer({ db: database.db, from, clock: fixedClock('2025-06-11T16:00:00Z') });
    await outbox.send(message);
    const [shown] = await outbox.list(1);

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe('no-reply@fangrid.test');
    expect(mail?.to).toEqual(['fan@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Confirm your FanGrid account\r?$/m);
    expect(shown?.subject).toBe('Confirm your FanGrid account');
    expect(decodePart(mail?.raw ?? '', 'text/plain').trim()).toBe(shown?.text.trim());
    expect(decodePart(mail?.raw ?? '', 'text/html').trim()).toBe(shown?.html.trim());
  });

  it('fails loudly when the SMTP server is unreachable', async () => {
    const smtp = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'x@y.z' });
    await expect(smtp.send(confirmationEmail('a@b.c', 'A', 'http://x/'))).rejects.toThrow();
    smtp.close();
  });
});
