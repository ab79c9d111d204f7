import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/**
 * Every change made through the admin API: who (account, admin session, IP), when, what, and
 * the values before and after. Written in the same transaction as the change it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Commit order, for a stable newest-first list even when two changes share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_seq_idx').on(t.seq)],
);
