import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organization } from './auth';
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
    /** The organization whose board, entry or prize the change was made to (null: a platform-wide change). */
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
  },
  (t) => [index('audit_log_seq_idx').on(t.seq), index('audit_log_organization_idx').on(t.organizationId, t.seq)],
);
