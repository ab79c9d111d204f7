import { randomUUID } from 'node:crypto';
import { backoffDelay } from '../../../shared/domain/backoff';
import { SMS_MAX_ATTEMPTS, smsRetryPolicy } from '../../../shared/domain/sms';
import type { Db } from '../../db/client';
import { mailNotifications } from '../../db/schema/platform';
import { type OutboxRunResult, type OutboxSenderDeps, outboxLease } from '../outbox-lease';
import { escapeHtml } from './html';
import type { Mailer, MailMessage } from './mailer';

export interface MailToSend extends Partial<Omit<MailMessage, 'to' | 'subject' | 'text'>> {
  /** One recipient and one event (e.g. `win:<prize>:<version>:<entry>`): a key enqueued again is not sent again. */
  key: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailSendOptions {
  /** One recipient and one event (e.g. `receipt:donation:<payment id>`); a fresh key per message when omitted. */
  key?: string;
  /**
   * false: the caller tells the person of a failure itself (they may ask again): a first send that fails marks
   * the row failed, not retried, and throws. Otherwise the job retries it with backoff.
   */
  retry?: boolean;
}

/** 'sent' at once; 'queued' when that first send failed (the job retries it); 'duplicate' when the key was taken. */
export type MailSendResult = 'sent' | 'queued' | 'duplicate';

/** What features send email with: a `Mailer` whose every message goes through the outbox table. */
export interface MailSender {
  readonly kind: Mailer['kind'];
  send(message: MailMessage, options?: MailSendOptions): Promise<MailSendResult>;
}

/** How often the notifications job looks for emails that are due. */
export const mailNotificationsEveryMs = 5_000;

type Row = typeof mailNotifications.$inferSelect;

const messageOf = (row: Row): MailMessage => ({
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html ?? `<p>${escapeHtml(row.text).replaceAll('\n', '<br>')}</p>`,
  ...(row.replyTo ? { replyTo: row.replyTo } : {}),
  ...(row.attachments?.length
    ? {
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      }
    : {}),
});

/**
 * Every email through an outbox table: `enqueue` only writes a row (in the caller's transaction when given
 * one), and the scheduler's job sends what is due, claiming each row with a lease (skipping rows another
 * instance holds), so each key is sent once across instances; a failed send waits by the texts' retry
 * policy and gives up after as many tries. `send` (the `Mailer` features get) enqueues outside any transaction
 * and sends that row at once, so the message leaves with the request that caused it; only a failure waits
 * for the job.
 */
export function createMailNotifications(deps: OutboxSenderDeps & { mailer: Mailer }) {
  const { db, mailer, clock, random, leaseMs, log } = deps;

  const lease = outboxLease(db, mailNotifications, leaseMs);

  /** Sends one claimed row and settles it; a failure is settled as `retry` says and answered, never thrown. */
  async function attempt(row: Row, retry = true): Promise<{ outcome: keyof OutboxRunResult; err?: unknown }> {
    try {
      await mailer.send(messageOf(row));
      await lease.settle(row, { status: 'sent', sentAt: clock.now(), nextAttemptAt: null, lastError: null });
      return { outcome: 'sent' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ key: row.key, attempts: row.attempts, err: message }, 'email not sent');
      if (retry && row.attempts < SMS_MAX_ATTEMPTS) {
        const wait = backoffDelay(row.attempts - 1, random, smsRetryPolicy);
        await lease.settle(row, {
          status: 'queued',
          nextAttemptAt: new Date(clock.now().getTime() + wait),
          lastError: message,
        });
        return { outcome: 'retried', err };
      }
      await lease.settle(row, {
        status: 'failed',
        nextAttemptAt: null,
        lastError: retry ? `gave up: ${message}` : message,
      });
      return { outcome: 'failed', err };
    }
  }

  async function drain() {
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
    for await (const row of lease.claimBatch(clock)) result[(await attempt(row)).outcome]++;
    return result;
  }

  /** Writes one row per email in one statement; each email's result is in the order given. */
  async function enqueueMany(mails: readonly MailToSend[], q: Db = db): Promise<('queued' | 'duplicate')[]> {
    const written = await insert(mails, q);
    const fresh = new Set(written.map((r) => r.key));
    return mails.map((m) => (fresh.has(m.key) ? 'queued' : 'duplicate'));
  }

  async function insert(mails: readonly MailToSend[], q: Db) {
    if (mails.length === 0) return [];
    const now = clock.now();
    return q
      .insert(mailNotifications)
      .values(
        mails.map(({ attachments, ...mail }) => ({
          ...mail,
          attachments: attachments?.length
            ? attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('base64'),
              }))
            : null,
          status: 'queued' as const,
          nextAttemptAt: now,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: mailNotifications.key })
      .returning({ id: mailNotifications.id, key: mailNotifications.key });
  }

  return {
    /** The kind of the mailer that delivers (the dev routes are there only for the dev outbox). */
    kind: mailer.kind,
    async enqueue(mail: MailToSend, q: Db = db): Promise<'queued' | 'duplicate'> {
      const [result = 'duplicate'] = await enqueueMany([mail], q);
      return result;
    },
    enqueueMany,
    drain,
    /**
     * Enqueues `message` and sends it now (a row the job claimed first is left to it). A first send that fails
     * is retried by the job, or with `retry: false` marked failed and thrown; a key already taken sends nothing.
     */
    async send(message: MailMessage, options: MailSendOptions = {}): Promise<MailSendResult> {
      const [written] = await insert([{ ...message, key: options.key ?? `mail:${randomUUID()}` }], db);
      if (!written) return 'duplicate';
      const row = await lease.claim(clock.now(), written.id);
      if (!row) return 'queued';
      const { outcome, err } = await attempt(row, options.retry !== false);
      if (outcome === 'sent') return 'sent';
      if (options.retry === false) throw err;
      return 'queued';
    },
  };
}
export type MailNotifications = ReturnType<typeof createMailNotifications>;
