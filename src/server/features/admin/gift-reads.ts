import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, monthlyGiftCharges, monthlyGifts, tips } from '../../db/schema';
import type { BoardScope } from './scope';

/**
 * The admin repo's reads of gifts: donations, monthly gifts and their charges, and tips. With an organization in
 * `scope`, the gifts made to that organization only, and no tips (a tip goes to a streamer).
 */
export function createGiftReads(db: Db, scope: BoardScope) {
  const ownGifts = scope.organizationId ? eq(donations.organizationId, scope.organizationId) : undefined;
  /** A gift of the organization in scope, for SQL written out (`d` being the donation's alias). */
  const ownGiftSql = (d: string) =>
    scope.organizationId ? sql` and ${sql.raw(d)}.organization_id = ${scope.organizationId}` : sql``;
  return {
    /** Monthly gifts' KPIs: active donors and what they renew, and renewals paid and failed since `monthStart`. */
    async monthlyKpis(monthStart: Date) {
      const [gifts] = await db
        .select({
          donors: sql<number>`count(distinct ${monthlyGifts.donorEmail}) filter (where ${monthlyGifts.status} = 'active')::int`,
          recurring: sql<number>`coalesce(sum(${monthlyGifts.amountCents}) filter (where ${monthlyGifts.status} = 'active' and not ${monthlyGifts.cancelAtPeriodEnd}), 0)::int`,
        })
        .from(monthlyGifts)
        .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
        .where(ownGifts);
      const [charges] = await db
        .select({
          renewals: sql<number>`count(*) filter (where ${monthlyGiftCharges.status} = 'paid')::int`,
          renewalsCents: sql<number>`coalesce(sum(${monthlyGiftCharges.amountCents}) filter (where ${monthlyGiftCharges.status} = 'paid'), 0)::int`,
          failures: sql<number>`count(*) filter (where ${monthlyGiftCharges.status} = 'failed')::int`,
        })
        .from(monthlyGiftCharges)
        .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
        .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
        // The first charge carries the donation's own reference: it is the gift's start, not a renewal.
        .where(
          and(
            sql`${monthlyGiftCharges.at} >= ${monthStart}`,
            sql`${monthlyGiftCharges.reference} <> ${donations.reference}`,
            ownGifts,
          ),
        );
      return {
        activeDonors: gifts?.donors ?? 0,
        recurringCents: gifts?.recurring ?? 0,
        renewalsThisMonth: charges?.renewals ?? 0,
        renewalsThisMonthCents: charges?.renewalsCents ?? 0,
        failuresThisMonth: charges?.failures ?? 0,
      };
    },

    /**
     * Donations and tips received, apart from the boards: one-time donations completed, every paid charge of a
     * monthly gift (its first payment included), and tips completed with the platform fees taken from them.
     */
    async donationTotals() {
      const ownDonation = ownGiftSql('d');
      // A tip goes to a streamer, never to an organization.
      const ownTip = scope.organizationId ? sql` and false` : sql``;
      const [row] = await db
        .select({
          oneTimeCount: sql<number>`(select count(*) from ${donations} d where d.type = 'one-time' and d.status = 'completed'${ownDonation})::int`,
          oneTimeCents: sql<number>`(select coalesce(sum(d.amount_cents), 0) from ${donations} d where d.type = 'one-time' and d.status = 'completed'${ownDonation})::int`,
          monthlyCharges: sql<number>`(select count(*) from ${monthlyGiftCharges} c join ${monthlyGifts} g on g.id = c.gift_id join ${donations} d on d.id = g.donation_id where c.status = 'paid'${ownDonation})::int`,
          monthlyCents: sql<number>`(select coalesce(sum(c.amount_cents), 0) from ${monthlyGiftCharges} c join ${monthlyGifts} g on g.id = c.gift_id join ${donations} d on d.id = g.donation_id where c.status = 'paid'${ownDonation})::int`,
          tipsCount: sql<number>`(select count(*) from ${tips} t where t.status = 'completed'${ownTip})::int`,
          tipsCents: sql<number>`(select coalesce(sum(t.amount_cents), 0) from ${tips} t where t.status = 'completed'${ownTip})::int`,
          tipFeesCents: sql<number>`(select coalesce(sum(t.fee_cents), 0) from ${tips} t where t.status = 'completed'${ownTip})::int`,
        })
        .from(sql`(select 1) as one`);
      return {
        oneTimeCount: row?.oneTimeCount ?? 0,
        oneTimeCents: row?.oneTimeCents ?? 0,
        monthlyCharges: row?.monthlyCharges ?? 0,
        monthlyCents: row?.monthlyCents ?? 0,
        tipsCount: row?.tipsCount ?? 0,
        tipsCents: row?.tipsCents ?? 0,
        tipFeesCents: row?.tipFeesCents ?? 0,
      };
    },

    /** Donations newest first, each with its monthly gift (if any) and that gift's paid charges. */
    donationsPage(filter: { state?: 'active' | 'past_due' | 'cancelled' | undefined; limit: number }) {
      return db
        .select({
          donation: donations,
          gift: monthlyGifts,
          paidCharges: sql<number>`(select count(*) from ${monthlyGiftCharges} c where c.gift_id = ${monthlyGifts.id} and c.status = 'paid')::int`,
          paidCents: sql<number>`(select coalesce(sum(c.amount_cents), 0) from ${monthlyGiftCharges} c where c.gift_id = ${monthlyGifts.id} and c.status = 'paid')::int`,
        })
        .from(donations)
        .leftJoin(monthlyGifts, eq(monthlyGifts.donationId, donations.id))
        .where(and(ownGifts, filter.state ? eq(monthlyGifts.status, filter.state) : undefined))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .limit(filter.limit);
    },
  };
}
