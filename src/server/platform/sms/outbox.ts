import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { backoffDelay } from '../../../shared/domain/backoff';
import { isFreeEntryCodeText } from '../../../shared/domain/free-entry';
import { normalizePhone } from '../../../shared/domain/phone';
import { SMS_MAX_ATTEMPTS, smsRetryPolicy } from '../../../shared/domain/sms';
import type { Db } from '../../db/client';
import { smsOptOuts, smsOutbox } from '../../db/schema/platform';
import { type OutboxRunResult, type OutboxSenderDeps, outboxLease } from '../outbox-lease';
import { type Sms, SmsSendError } from './sms';

export interface TextToSend {
  /** One recipient and one event (e.g. `lock:<entry id>`): a key enqueued again is not sent again. */
  key: string;
  to: string;
  body: string;
  /** The recipient ticked the consent box for what this text is about. Without it the text is skipped. */
  consent: boolean;
  /**
   * A one-time code the number's holder asked for on a free entry form: the only text sent without consent,
   * and only when its body is exactly the code's text (domain/free-entry isFreeEntryCodeText).
   */
  verificationCode?: true;
}

export type EnqueueResult = 'queued' | 'skipped' | 'duplicate';

export interface DrainResult extends OutboxRunResult {
  skipped: number;
}

/** How often the outbox job looks for texts that are due. */
export const smsOutboxEveryMs = 5_000;

/**
 * The outbox every text goes through. `enqueue` only writes a row (in the caller's transaction when given
 * one), so nothing that sends texts ever waits on the provider. The scheduler's job (jobs.ts) sends what is
 * due, one row at a time: a row is claimed by moving it to `sending` with a lease (skipping rows another
 * instance holds), so two instances never send one key twice; a lease that runs out (the instance died
 * mid-send) makes the row due again. A retryable failure waits by `smsRetryPolicy`; a refusal (4xx) fails
 * the row with the provider's message. A number that never consented, or that replied STOP, is never
 * texted: its rows are `skipped`.
 */
export function createSmsOutbox(deps: OutboxSenderDeps & { sms: Sms }) {
  const { db, sms, clock, random, leaseMs, log } = deps;

  async function isOptedOut(phone: string, q: Db = db): Promise<boolean> {
    const rows = await q.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    return rows.length > 0;
  }

  /**
   * Writes one row per text in one statement (a board's lock texts are a hundred at once): opted-out numbers
   * are read in one query too. Each text's result is in the order given.
   */
  async function enqueueMany(texts: readonly TextToSend[], q: Db = db): Promise<EnqueueResult[]> {
    if (texts.length === 0) return [];
    const now = clock.now();
    const numbers = texts.map((t) => normalizePhone(t.to));
    const asked = [
      ...new Set(texts.flatMap((t, i) => ((t.consent || t.verificationCode) && numbers[i] ? [numbers[i]] : []))),
    ];
    const optedOut = new Set(
      asked.length === 0
        ? []
        : (await q.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(inArray(smsOptOuts.phone, asked))).map(
            (r) => r.phone,
          ),
    );
    const skips = texts.map((t, i) => {
      const to = numbers[i];
      if (!to) return 'not a phone number';
      if (!t.consent && !(t.verificationCode && isFreeEntryCodeText(t.body))) return 'no consent to text this number';
      return optedOut.has(to) ? 'the number opted out (STOP)' : null;
    });
    const written = await q
      .insert(smsOutbox)
      .values(
        texts.map((t, i) => ({
          key: t.key,
          to: numbers[i] ?? t.to.slice(0, 40),
          body: t.body,
          status: skips[i] ? ('skipped' as const) : ('queued' as const),
          nextAttemptAt: skips[i] ? null : now,
          lastError: skips[i],
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: smsOutbox.key })
      .returning({ key: smsOutbox.key });
    const fresh = new Set(written.map((r) => r.key));
    return texts.map((t, i) => (!fresh.has(t.key) ? 'duplicate' : skips[i] ? 'skipped' : 'queued'));
  }

  async function enqueue(text: TextToSend, q: Db = db): Promise<EnqueueResult> {
    const [result = 'duplicate'] = await enqueueMany([text], q);
    return result;
  }

  const lease = outboxLease(db, smsOutbox, leaseMs);

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    for await (const row of lease.claimBatch(clock)) {
      // A STOP that arrived after the text was queued still stops it.
      if (await isOptedOut(row.to)) {
        await lease.settle(row, { status: 'skipped', nextAttemptAt: null, lastError: 'the number opted out (STOP)' });
        result.skipped++;
        continue;
      }
      try {
        const { providerId } = await sms.send({ to: row.to, body: row.body, key: row.key });
        await lease.settle(row, {
          status: 'sent',
          providerId,
          sentAt: clock.now(),
          nextAttemptAt: null,
          lastError: null,
        });
        result.sent++;
      } catch (err) {
        const failure =
          err instanceof SmsSendError ? err : new SmsSendError(err instanceof Error ? err.message : String(err), true);
        if (failure.retryable && row.attempts < SMS_MAX_ATTEMPTS) {
          const wait = backoffDelay(row.attempts - 1, random, smsRetryPolicy);
          await lease.settle(row, {
            status: 'queued',
            nextAttemptAt: new Date(clock.now().getTime() + wait),
            lastError: failure.message,
          });
          result.retried++;
        } else {
          const lastError = failure.retryable
            ? `gave up after ${row.attempts} tries: ${failure.message}`
            : failure.message;
          await lease.settle(row, { status: 'failed', nextAttemptAt: null, lastError });
          result.failed++;
        }
        log.warn({ key: row.key, attempts: row.attempts, err: failure.message }, 'text not sent');
      }
    }
    return result;
  }

  return {
    enqueue,
    enqueueMany,
    drain,
    isOptedOut,
    /** The number is never texted again (until it opts back in); texts already queued for it are skipped. */
    async optOut(phone: string, keyword: string, q: Db = db) {
      await q
        .insert(smsOptOuts)
        .values({ phone, keyword, optedOutAt: clock.now() })
        .onConflictDoUpdate({ target: smsOptOuts.phone, set: { keyword, optedOutAt: clock.now() } });
    },
    /** The number may be texted again (for entries that consented). */
    async optIn(phone: string, q: Db = db) {
      await q.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    },
    /** The latest texts with their state, newest first (the dev outbox page). */
    /** The newest `limit` texts, or the newest of those created before `before` (by time, then id). */
    async recent(limit = 50, before?: { createdAt: Date; id: string }) {
      return db
        .select({
          id: smsOutbox.id,
          to: smsOutbox.to,
          body: smsOutbox.body,
          status: smsOutbox.status,
          createdAt: smsOutbox.createdAt,
          sentAt: smsOutbox.sentAt,
        })
        .from(smsOutbox)
        .where(
          before
            ? or(
                lt(smsOutbox.createdAt, before.createdAt),
                and(eq(smsOutbox.createdAt, before.createdAt), lt(smsOutbox.id, before.id)),
              )
            : undefined,
        )
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(limit);
    },
  };
}
export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
