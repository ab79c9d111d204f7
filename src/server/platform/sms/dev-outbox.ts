import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devSmsOutbox } from '../../db/schema/platform';
import type { Clock } from '../clock';
import type { Sms } from './sms';

export interface DevText {
  id: string;
  key: string;
  to: string;
  body: string;
  sentAt: Date;
}

/** Stores each text instead of sending it; /dev/mail lists them beside the emails. */
export function createOutboxSms(opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  return {
    kind: 'outbox' as const,
    async send({ to, body, key }) {
      const [row] = await db
        .insert(devSmsOutbox)
        .values({ key, to, body, sentAt: clock.now() })
        .returning({ id: devSmsOutbox.id });
      return { providerId: `dev-${row?.id ?? key}` };
    },
    async list(limit = 50): Promise<DevText[]> {
      return db
        .select({
          id: devSmsOutbox.id,
          key: devSmsOutbox.key,
          to: devSmsOutbox.to,
          body: devSmsOutbox.body,
          sentAt: devSmsOutbox.sentAt,
        })
        .from(devSmsOutbox)
        .orderBy(desc(devSmsOutbox.seq))
        .limit(limit);
    },
  } satisfies Sms & Record<string, unknown>;
}
export type OutboxSms = ReturnType<typeof createOutboxSms>;
