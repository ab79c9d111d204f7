import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, monthlyGiftCharges, monthlyGifts, paymentEvents } from '../../db/schema';
import { createDonorAccessRepo } from './donor-access-repo';
import { createStatementsRepo } from './statements-repo';

export type GiftRow = typeof monthlyGifts.$inferSelect;
export type GiftChargeRow = typeof monthlyGiftCharges.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whose gifts a request may see: a donor session's email, or a signed-in account's donations. */
export type DonorScope = { email: string; userId: string | null } | { email: null; userId: string };

const inScope = (scope: DonorScope) =>
  scope.email !== null
    ? scope.userId
      ? or(eq(monthlyGifts.donorEmail, scope.email), eq(donations.userId, scope.userId))
      : eq(monthlyGifts.donorEmail, scope.email)
    : eq(donations.userId, scope.userId);

/** A local gift the renewal job renews (or ends, if cancelling) once its period has ended. */
/** A gift to an organization the platform suspended waits: it renews once the organization is restored. */
const notPaused = sql`not exists (select 1 from donations d join organization o on o.id = d.organization_id
  where d.id = ${monthlyGifts.donationId} and o.status = 'suspended')`;

const localRenews = and(
  eq(monthlyGifts.provider, 'local'),
  or(
    eq(monthlyGifts.status, 'active'),
    and(eq(monthlyGifts.status, 'past_due'), eq(monthlyGifts.cancelAtPeriodEnd, true)),
  ),
);

/**
 * SQL of monthly gifts and their charges, with donor links and sessions (donor-access-repo.ts) and year-end
 * statements (statements-repo.ts).
 */
export function createMonthlyRepo(db: Db) {
  return {
    /**
     * Runs `apply` once per provider event id: the id is recorded in the same transaction as the effect,
     * so a replay (or a concurrent duplicate) changes nothing. `applied` false: the id was seen before.
     */
    async onceForEvent<R>(
      event: { id: string; type: string; receivedAt: Date },
      apply: (tx: Tx) => Promise<R>,
    ): Promise<{ applied: false } | { applied: true; result: R }> {
      return db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(paymentEvents)
          .values({ eventId: event.id, type: event.type, sessionId: null, receivedAt: event.receivedAt })
          .onConflictDoNothing()
          .returning({ eventId: paymentEvents.eventId });
        if (!recorded) return { applied: false as const };
        return { applied: true as const, result: await apply(tx) };
      });
    },

    /** The gift a provider event names, locked while the event is applied: by subscription, else by payment. */
    async lockGift(tx: Tx, by: { subscriptionId: string | null; paymentId: string | null }) {
      if (by.subscriptionId) {
        const [gift] = await tx
          .select()
          .from(monthlyGifts)
          .where(eq(monthlyGifts.subscriptionId, by.subscriptionId))
          .for('update');
        if (gift) return gift;
      }
      if (by.paymentId && /^[0-9a-f-]{36}$/.test(by.paymentId)) {
        const [row] = await tx
          .select({ id: monthlyGifts.id })
          .from(monthlyGifts)
          .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
          .where(eq(donations.paymentId, by.paymentId));
        if (row) {
          const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.id, row.id)).for('update');
          return gift;
        }
      }
      return undefined;
    },

    async createGift(
      tx: Tx,
      gift: typeof monthlyGifts.$inferInsert,
      first: Omit<typeof monthlyGiftCharges.$inferInsert, 'giftId'>,
    ) {
      const [row] = await tx.insert(monthlyGifts).values(gift).onConflictDoNothing().returning();
      if (row)
        await tx
          .insert(monthlyGiftCharges)
          .values({ ...first, giftId: row.id })
          .onConflictDoNothing();
      return row;
    },

    async updateGift(id: string, set: Partial<typeof monthlyGifts.$inferInsert>, q: Tx | Db = db) {
      if (Object.keys(set).length === 0) return undefined;
      const [row] = await q.update(monthlyGifts).set(set).where(eq(monthlyGifts.id, id)).returning();
      return row;
    },

    /** Records a charge once per invoice and outcome; undefined when it was recorded before. */
    async recordCharge(tx: Tx, charge: typeof monthlyGiftCharges.$inferInsert) {
      const [row] = await tx.insert(monthlyGiftCharges).values(charge).onConflictDoNothing().returning();
      return row;
    },

    async paidChargeCount(tx: Tx, giftId: string) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(monthlyGiftCharges)
        .where(and(eq(monthlyGiftCharges.giftId, giftId), eq(monthlyGiftCharges.status, 'paid')));
      return row?.n ?? 0;
    },

    async invoicePaid(tx: Tx, invoiceId: string) {
      const [row] = await tx
        .select({ id: monthlyGiftCharges.id })
        .from(monthlyGiftCharges)
        .where(and(eq(monthlyGiftCharges.invoiceId, invoiceId), eq(monthlyGiftCharges.status, 'paid')));
      return row !== undefined;
    },

    donationOfGift: async (giftId: string, q: Tx | Db = db) =>
      (
        await q
          .select({ donation: donations, gift: monthlyGifts })
          .from(monthlyGifts)
          .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
          .where(eq(monthlyGifts.id, giftId))
      )[0],

    donationByPaymentTx: async (tx: Tx, paymentId: string) =>
      (await tx.select().from(donations).where(eq(donations.paymentId, paymentId)))[0],

    /** The gifts a scope may see, with their donations, newest first. */
    giftsInScope: (scope: DonorScope) =>
      db
        .select({ gift: monthlyGifts, donation: donations })
        .from(monthlyGifts)
        .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
        .where(inScope(scope))
        .orderBy(desc(monthlyGifts.createdAt), desc(monthlyGifts.id)),

    async giftInScope(scope: DonorScope, giftId: string) {
      if (!/^[0-9a-f-]{36}$/.test(giftId)) return undefined;
      const [row] = await db
        .select({ gift: monthlyGifts, donation: donations })
        .from(monthlyGifts)
        .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
        .where(and(eq(monthlyGifts.id, giftId), inScope(scope)));
      return row;
    },

    chargesOf: (giftIds: string[]) =>
      giftIds.length === 0
        ? Promise.resolve([] as GiftChargeRow[])
        : db
            .select()
            .from(monthlyGiftCharges)
            .where(inArray(monthlyGiftCharges.giftId, giftIds))
            // At the same moment, a paid charge comes after (above) the failed one it retried.
            .orderBy(
              desc(monthlyGiftCharges.at),
              sql`(${monthlyGiftCharges.status} = 'paid') desc`,
              desc(monthlyGiftCharges.id),
            ),

    /** Local gifts whose period has ended while active: their renewal (or end) is due. */
    dueLocalGifts: (now: Date) =>
      db
        .select()
        .from(monthlyGifts)
        .where(and(localRenews, lte(monthlyGifts.currentPeriodEnd, now), notPaused))
        .orderBy(asc(monthlyGifts.currentPeriodEnd))
        .limit(100),

    /**
     * The test clock: a local gift that renews (as `dueLocalGifts` reads it) and whose period still ends at
     * `periodEnd` now ends at `now` (or earlier, if it ended already). Undefined when it changed meanwhile:
     * of two identical requests, one moves it.
     */
    async moveLocalRenewal(giftId: string, periodEnd: Date, now: Date) {
      const [row] = await db
        .update(monthlyGifts)
        .set({ currentPeriodEnd: sql`least(${monthlyGifts.currentPeriodEnd}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(monthlyGifts.id, giftId), localRenews, eq(monthlyGifts.currentPeriodEnd, periodEnd)))
        .returning();
      return row;
    },

    /** Whether a gift has a charge (paid or failed) of this invoice. */
    hasInvoice: async (giftId: string, invoiceId: string) =>
      (
        await db
          .select({ id: monthlyGiftCharges.id })
          .from(monthlyGiftCharges)
          .where(and(eq(monthlyGiftCharges.giftId, giftId), eq(monthlyGiftCharges.invoiceId, invoiceId)))
          .limit(1)
      ).length > 0,

    hasGifts: async (email: string) =>
      (await db.select({ id: monthlyGifts.id }).from(monthlyGifts).where(eq(monthlyGifts.donorEmail, email)).limit(1))
        .length > 0,

    ...createDonorAccessRepo(db),
    ...createStatementsRepo(db),
  };
}
export type MonthlyRepo = ReturnType<typeof createMonthlyRepo>;
