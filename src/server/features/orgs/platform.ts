import { and, eq, sql } from 'drizzle-orm';
import { type Organization, orgErrorCodes, orgMessages, type PlatformOrg } from '../../../shared/contracts/orgs';
import type { Db } from '../../db/client';
import { boards, donations, entries, member, monthlyGifts, organization, user } from '../../db/schema';
import { AppError } from '../../http/errors';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { MailMessage } from '../../platform/mail/mailer';
import type { MailSender } from '../../platform/mail/notifications';
import { giftPausedEmail, giftResumedEmail, organizationRestoredEmail, organizationSuspendedEmail } from './emails';
import { organizationView } from './service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The platform's hold on organizations (its admin console): every organization with its totals, and suspending
 * or restoring one. A suspension is one audited change; its owners are emailed, and so are the donors whose
 * monthly gifts to it pause (their renewals wait until it is restored). A suspended organization opens no board
 * and takes no entry or gift; its locked boards play to the end and their prizes are paid.
 */
export function createPlatformOrgs(deps: { db: Db; clock: Clock; mailer: MailSender; publicUrl: string }) {
  const { db, clock } = deps;

  const orgOr404 = async (q: Db | Tx, slug: string) => {
    const [row] = await q.select().from(organization).where(eq(organization.slug, slug)).for('update');
    if (!row) throw new AppError(404, orgErrorCodes.notFound, orgMessages.notFound);
    return row;
  };

  /** The owners' and active monthly donors' addresses, read in the change's transaction. */
  async function toldOf(q: Db | Tx, organizationId: string) {
    const owners = await q
      .select({ email: user.email, name: user.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, organizationId), eq(member.role, 'owner')));
    const donors = await q
      .selectDistinct({ email: monthlyGifts.donorEmail })
      .from(monthlyGifts)
      .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
      .where(and(eq(donations.organizationId, organizationId), eq(monthlyGifts.status, 'active')));
    return { owners, donors };
  }

  async function change(
    actor: string,
    slug: string,
    to: 'suspended' | 'active',
    reason: string | null,
  ): Promise<Organization> {
    const { row, owners, donors } = await db.transaction(async (tx) => {
      const before = await orgOr404(tx, slug);
      if (before.status === to) {
        throw new AppError(
          409,
          orgErrorCodes.alreadyInState,
          to === 'suspended' ? orgMessages.alreadySuspended : orgMessages.notSuspended,
        );
      }
      const [row] = await tx.update(organization).set({ status: to }).where(eq(organization.id, before.id)).returning();
      if (!row) throw new Error(`organization ${slug} vanished in its own transaction`);
      await writeAudit(tx, {
        at: clock.now(),
        actor,
        action: to === 'suspended' ? 'organization.suspend' : 'organization.restore',
        target: `organization:${slug}`,
        organizationId: before.id,
        before: { status: before.status },
        after: { status: to, ...(reason ? { reason } : {}) },
      });
      return { row, ...(await toldOf(tx, before.id)) };
    });
    // Told once the change has committed, through the mail outbox.
    const page = `${deps.publicUrl}/o/${row.slug}`;
    const mails: MailMessage[] = [
      ...owners.map((o) =>
        to === 'suspended'
          ? organizationSuspendedEmail(o.email, { organization: row.name, reason: reason ?? '', url: page })
          : organizationRestoredEmail(o.email, { organization: row.name, url: page }),
      ),
      ...donors.map((d) =>
        to === 'suspended'
          ? giftPausedEmail(d.email, { organization: row.name, url: page })
          : giftResumedEmail(d.email, { organization: row.name, url: page }),
      ),
    ];
    for (const mail of mails) await deps.mailer.send(mail);
    return organizationView(row);
  }

  return {
    async list(): Promise<PlatformOrg[]> {
      // Qualified: inside each count the inner table has an `id` of its own.
      const orgId = sql.raw('"organization"."id"');
      const rows = await db
        .select({
          organization,
          members: sql<number>`(select count(*) from ${member} m where m.organization_id = ${orgId})::int`,
          boards: sql<number>`(select count(*) from ${boards} b where b.organization_id = ${orgId})::int`,
          openBoards: sql<number>`(select count(*) from ${boards} b where b.organization_id = ${orgId} and b.locked_at is null and b.settled_at is null and b.cancelled_at is null)::int`,
          entries: sql<number>`(select count(*) from ${entries} e join ${boards} b on b.id = e.board_id where b.organization_id = ${orgId} and e.status <> 'released')::int`,
          giftsCents: sql<number>`(select coalesce(sum(d.amount_cents), 0) from ${donations} d where d.organization_id = ${orgId} and d.status = 'completed')::int`,
        })
        .from(organization)
        .orderBy(organization.name, organization.id);
      return rows.map((r) => ({
        organization: organizationView(r.organization),
        members: r.members,
        boards: r.boards,
        openBoards: r.openBoards,
        entries: r.entries,
        giftsCents: r.giftsCents,
      }));
    },
    suspend: (actor: string, slug: string, reason: string) => change(actor, slug, 'suspended', reason),
    restore: (actor: string, slug: string) => change(actor, slug, 'active', null),
  };
}
export type PlatformOrgs = ReturnType<typeof createPlatformOrgs>;
