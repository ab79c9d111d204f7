import { backoffDelay } from '../../../shared/domain/backoff';
import { SMS_MAX_ATTEMPTS, smsRetryPolicy } from '../../../shared/domain/sms';
import type { Db } from '../../db/client';
import { mailNotifications } from '../../db/schema/platform';
import { type OutboxRunResult, type OutboxSenderDeps, outboxLease } from '../outbox-lease';
import type { Job } from '../scheduler';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';

export interface MailToSend {
  /** One recipient and one event (e.g. `win:<prize>:<version>:<entry>`): a key enqueued again is not sent again. */
  key: string;
  to: string;
  subject: string;
  text: string;
}

/** How often the notifications job looks for emails that are due. */
export const mailNotificationsEveryMs = 5_000;

/**
 * Board emails through an outbox table: `enqueue` only writes a row (in the caller's transaction when given
 * one), and the scheduler's job sends what is due, claiming each row with a lease (skipping rows another
 * instance holds), so each key is sent once across instances; a failed send waits by the texts' retry
 * policy and gives up after as many tries.
 */
export function createMailNotifications(deps: OutboxSenderDeps & { mailer: Mailer }) {
  const { db, mailer, clock, random, leaseMs, log } = deps;

  const lease = outboxLease(db, mailNotifications, leaseMs);

  async function drain() {
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
    for await (const row of lease.claimBatch(clock)) {
      try {
        await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: `<p>${escapeHtml(row.text).replaceAll('\n', '<br>')}</p>`,
        });
        await lease.settle(row, { status: 'sent', sentAt: clock.now(), nextAttemptAt: null, lastError: null });
        result.sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (row.attempts < SMS_MAX_ATTEMPTS) {
          const wait = backoffDelay(row.attempts - 1, random, smsRetryPolicy);
          await lease.settle(row, {
            status: 'queued',
            nextAttemptAt: new Date(clock.now().getTime() + wait),
            lastError: message,
          });
          result.retried++;
        } else {
          await lease.settle(row, { status: 'failed', nextAttemptAt: null, lastError: `gave up: ${message}` });
          result.failed++;
        }
        log.warn({ key: row.key, attempts: row.attempts, err: message }, 'email not sent');
      }
    }
    return result;
  }

  /** Writes one row per email in one statement; each email's result is in the order given. */
  async function enqueueMany(mails: readonly MailToSend[], q: Db = db): Promise<('queued' | 'duplicate')[]> {
    if (mails.length === 0) return [];
    const now = clock.now();
    const written = await q
      .insert(mailNotifications)
      .values(mails.map((mail) => ({ ...mail, status: 'queued' as const, nextAttemptAt: now, createdAt: now })))
      .onConflictDoNothing({ target: mailNotifications.key })
      .returning({ key: mailNotifications.key });
    const fresh = new Set(written.map((r) => r.key));
    return mails.map((m) => (fresh.has(m.key) ? 'queued' : 'duplicate'));
  }

  return {
    async enqueue(mail: MailToSend, q: Db = db): Promise<'queued' | 'duplicate'> {
      const [result = 'duplicate'] = await enqueueMany([mail], q);
      return result;
    },
    enqueueMany,
    drain,
    job(): Job {
      return { name: 'mail:notifications', intervalMs: mailNotificationsEveryMs, run: drain };
    },
  };
}
export type MailNotifications = ReturnType<typeof createMailNotifications>;
