import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { confirmationEmail } from '../../src/server/features/accounts/emails';
import { fixedClock } from '../../src/server/platform/clock';
import { createOutboxMailer, createSmtpMailer } from '../../src/server/platform/mail/mailer';
import { decodePart, startSmtpSink } from '../support/smtp';
import { createTestDatabase } from '../support/test-db';

describe('mail platform', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await sink.close();
    await database.close();
  });

  it('sends over SMTP exactly what the dev outbox shows', async () => {
    const message = confirmationEmail(
      'fan@example.com',
      'Jordan',
      'http://localhost:3000/api/auth/verify-email?token=abc.def.ghi&callbackURL=%2Flogin',
    );
    const from = 'FanGrid <no-reply@fangrid.test>';
    const smtp = createSmtpMailer({ url: `smtp://127.0.0.1:${sink.port}`, from });
    await smtp.send(message);
    smtp.close();

    const outbox = createOutboxMailer({ db: database.db, from, clock: fixedClock('2025-06-11T16:00:00Z') });
    await outbox.send(message);
    const [shown] = await outbox.list(1);

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
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
