import type { SmsInbound } from '../../../shared/contracts/sms';
import { normalizePhone } from '../../../shared/domain/phone';
import { SMS_HELP_REPLY, smsKeywordOf } from '../../../shared/domain/sms';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SmsOutbox } from '../../platform/sms';
import type { SmsRepo } from './repo';

export interface InboundOutcome {
  /** What the text asked for (null: an ordinary message, or a replay of one already acted on). */
  action: 'opted-out' | 'opted-in' | 'help' | null;
  /** The text to answer with, if any. */
  reply: string | null;
}

/**
 * Replies from fans. STOP (and its synonyms) opts the number out of every text; START opts it back in;
 * HELP answers who is texting and how to stop. Each inbound message is acted on once, by its provider id,
 * so a webhook delivered twice (or replayed) cannot undo a later STOP or START.
 */
export function createSmsService(deps: {
  db: Db;
  repo: SmsRepo;
  outbox: Pick<SmsOutbox, 'optOut' | 'optIn'>;
  clock: Clock;
}) {
  const { db, repo, outbox, clock } = deps;
  return {
    async receive(inbound: SmsInbound): Promise<InboundOutcome> {
      const keyword = smsKeywordOf(inbound.Body);
      const phone = normalizePhone(inbound.From);
      return db.transaction(async (tx) => {
        const fresh = await repo.recordInbound(tx, {
          messageSid: inbound.MessageSid,
          from: inbound.From,
          body: inbound.Body,
          receivedAt: clock.now(),
        });
        if (!fresh || !keyword) return { action: null, reply: null };
        if (keyword.kind === 'help') return { action: 'help', reply: SMS_HELP_REPLY };
        // A sender that is not a phone number (a short code, a channel address) is never texted anyway.
        if (!phone) return { action: null, reply: null };
        if (keyword.kind === 'stop') {
          await outbox.optOut(phone, keyword.word, tx);
          return { action: 'opted-out', reply: null };
        }
        await outbox.optIn(phone, tx);
        return { action: 'opted-in', reply: null };
      });
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
