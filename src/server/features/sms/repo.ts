import type { Db } from '../../db/client';
import { smsInbound } from '../../db/schema/platform';

export function createSmsRepo() {
  return {
    /** Records an inbound text by its provider id; false when that id was already acted on (a replay). */
    async recordInbound(q: Db, row: { messageSid: string; from: string; body: string; receivedAt: Date }) {
      const rows = await q
        .insert(smsInbound)
        .values(row)
        .onConflictDoNothing({ target: smsInbound.messageSid })
        .returning({ messageSid: smsInbound.messageSid });
      return rows.length > 0;
    },
  };
}
export type SmsRepo = ReturnType<typeof createSmsRepo>;
