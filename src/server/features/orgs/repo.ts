import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitation, member, organization, user } from '../../db/schema';

export type OrgRow = typeof organization.$inferSelect;
export type MemberRow = typeof member.$inferSelect;
export type InvitationRow = typeof invitation.$inferSelect;

/** The organization plugin's tables (src/server/db/schema/auth.ts), read and changed where its API has no call. */
export function createOrgsRepo(db: Db) {
  /** The same reads and changes inside a transaction (`tx`) or on their own. */
  const on = (q: Db) => ({
    /**
     * The member rows of an organization, locked until the transaction ends. The organization's own row is
     * locked first: every change to its members takes that lock, so they run one at a time, and the members
     * are read after it is held (a statement of its own, so it sees a member another change just added; row
     * locks alone would not stop two accepts from adding the same person twice).
     */
    lockMembers: async (organizationId: string) => {
      await q
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, organizationId))
        .for('update');
      return q
        .select({ id: member.id, userId: member.userId, role: member.role })
        .from(member)
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(member.id))
        .for('update');
    },
    setRole: (memberId: string, role: string) => q.update(member).set({ role }).where(eq(member.id, memberId)),
    deleteMember: (memberId: string) => q.delete(member).where(eq(member.id, memberId)),
    insertMember: (row: typeof member.$inferInsert) => q.insert(member).values(row).returning(),
    /** Marks a pending invitation accepted; nothing when it is no longer pending (it works once). */
    acceptPending: (id: string) =>
      q
        .update(invitation)
        .set({ status: 'accepted' })
        .where(and(eq(invitation.id, id), eq(invitation.status, 'pending')))
        .returning(),
    /** The organization with its members and invitations (a board still referencing it fails the statement). */
    async deleteOrganization(organizationId: string) {
      await q.delete(invitation).where(eq(invitation.organizationId, organizationId));
      await q.delete(member).where(eq(member.organizationId, organizationId));
      await q.delete(organization).where(eq(organization.id, organizationId));
    },
    cancelPending: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve()
        : q
            .update(invitation)
            .set({ status: 'canceled' })
            .where(and(inArray(invitation.id, ids), eq(invitation.status, 'pending'))),
  });

  return {
    ...on(db),
    transaction: <T>(fn: (tx: ReturnType<typeof on>) => Promise<T>) => db.transaction((tx) => fn(on(tx as Db))),

    async orgBySlug(slug: string): Promise<OrgRow | undefined> {
      const [row] = await db.select().from(organization).where(eq(organization.slug, slug)).limit(1);
      return row;
    },

    async orgById(id: string): Promise<OrgRow | undefined> {
      const [row] = await db.select().from(organization).where(eq(organization.id, id)).limit(1);
      return row;
    },

    /** The organization of `slug` with `userId`'s membership in it, or nothing when either is missing. */
    async membership(slug: string, userId: string) {
      const [row] = await db
        .select({ organization, member })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(and(eq(organization.slug, slug), eq(member.userId, userId)))
        .limit(1);
      return row;
    },

    /** Whether the account with `email` is a member of the organization. */
    async hasMemberWithEmail(organizationId: string, email: string): Promise<boolean> {
      const rows = await db
        .select({ id: member.id })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, organizationId), eq(user.email, email)))
        .limit(1);
      return rows.length > 0;
    },

    myOrgs: (userId: string) =>
      db
        .select({ organization, role: member.role })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, userId))
        .orderBy(asc(organization.name), asc(organization.id)),

    members: (organizationId: string) =>
      db
        .select({ member, name: user.name, email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(member.createdAt), asc(member.id)),

    async memberInOrg(organizationId: string, memberId: string) {
      const [row] = await db
        .select({ member, name: user.name, email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)))
        .limit(1);
      return row;
    },

    invitations: (organizationId: string) =>
      db
        .select()
        .from(invitation)
        .where(eq(invitation.organizationId, organizationId))
        .orderBy(desc(invitation.createdAt), desc(invitation.id))
        .limit(200),

    pendingInvitationsTo: (organizationId: string, email: string) =>
      db
        .select({ id: invitation.id })
        .from(invitation)
        .where(
          and(
            eq(invitation.organizationId, organizationId),
            eq(invitation.email, email),
            eq(invitation.status, 'pending'),
          ),
        ),

    async invitationWithOrg(id: string) {
      const [row] = await db
        .select({ invitation, organization })
        .from(invitation)
        .innerJoin(organization, eq(organization.id, invitation.organizationId))
        .where(eq(invitation.id, id))
        .limit(1);
      return row;
    },

    async userById(id: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, id))
        .limit(1);
      return row;
    },
  };
}
export type OrgsRepo = ReturnType<typeof createOrgsRepo>;
