import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/admin';

/** One record of the audit log: who changed what, when, with the state before and after. */
export interface AuditRecord {
  at: Date;
  /** An organizer's name, or a system actor (`feed`, `prizes`). */
  actor: string;
  action: string;
  /** The board changed, as `<board slug>` or `<board slug>/<period>`, or another record's name. */
  target: string;
  before: unknown;
  after: unknown;
  /** The organization the record belongs to, when its target names no board (an organization's own change). */
  organizationId?: string;
}

type Writer = Pick<Db, 'insert'>;

/**
 * Appends a record to the audit log, in the caller's transaction (`q`) so the record and the change it
 * describes commit together. Every feature that changes what organizers are accountable for writes here. The
 * record belongs to the organization of the board its target names, so each organization reads its own log.
 */
export async function writeAudit(q: Writer, record: AuditRecord): Promise<void> {
  await q.insert(auditLog).values({
    ...record,
    before: record.before ?? null,
    after: record.after ?? null,
    organizationId:
      record.organizationId ??
      sql`(select organization_id from boards where slug = split_part(${record.target}, '/', 1))`,
  });
}
