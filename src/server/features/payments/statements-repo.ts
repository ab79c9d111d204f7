import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, givingStatementsSent, monthlyGiftCharges, monthlyGifts, payments } from '../../db/schema';

/** SQL of year-end giving statements: what a year's statement lists, who gets one, and that it went out. */
export function createStatementsRepo(db: Db) {
  return {
    /**
     * Every gift paid in a year by the donors in scope (one-time donations and each monthly charge), with
     * the donation it belongs to: what a year-end statement lists.
     */
    async paidInYear(scope: { email: string | null; userId: string | null }, from: Date, to: Date) {
      const byDonor = and(
        scope.email !== null
          ? scope.userId
            ? or(sql`lower(${donations.donorEmail}) = ${scope.email}`, eq(donations.userId, scope.userId))
            : sql`lower(${donations.donorEmail}) = ${scope.email}`
          : eq(donations.userId, scope.userId ?? ''),
      );
      const [oneTime, monthly] = await Promise.all([
        db
          .select({ donation: donations, at: donations.completedAt, amountCents: donations.amountCents })
          .from(donations)
          .innerJoin(payments, eq(payments.id, donations.paymentId))
          .where(
            and(
              byDonor,
              eq(donations.type, 'one-time'),
              eq(donations.status, 'completed'),
              eq(payments.status, 'paid'),
              sql`${donations.completedAt} >= ${from}`,
              sql`${donations.completedAt} < ${to}`,
            ),
          ),
        db
          .select({
            donation: donations,
            at: monthlyGiftCharges.at,
            amountCents: monthlyGiftCharges.amountCents,
            reference: monthlyGiftCharges.reference,
          })
          .from(monthlyGiftCharges)
          .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
          .innerJoin(donations, eq(donations.id, monthlyGifts.donationId))
          .where(
            and(
              byDonor,
              eq(monthlyGiftCharges.status, 'paid'),
              sql`${monthlyGiftCharges.at} >= ${from}`,
              sql`${monthlyGiftCharges.at} < ${to}`,
            ),
          ),
      ]);
      return [
        ...oneTime.map((r) => ({
          donation: r.donation,
          at: r.at ?? r.donation.createdAt,
          amountCents: r.amountCents,
          reference: r.donation.reference,
        })),
        ...monthly,
      ].sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    /** Donor emails with a paid gift in the year (one-time or monthly), for the January statements. */
    async donorsOfYear(from: Date, to: Date) {
      const result = await db.execute(sql`
        select distinct lower(d.donor_email) as email from donations d
          join payments p on p.id = d.payment_id
          where d.type = 'one-time' and d.status = 'completed' and p.status = 'paid'
            and d.completed_at >= ${from}::timestamptz and d.completed_at < ${to}::timestamptz
        union
        select distinct g.donor_email as email from monthly_gift_charges c
          join monthly_gifts g on g.id = c.gift_id
          where c.status = 'paid' and c.at >= ${from}::timestamptz and c.at < ${to}::timestamptz
        order by 1`);
      return (result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email);
    },

    /** Claims the year's statement for an email: true once, the first time. */
    async claimStatement(email: string, year: number, now: Date) {
      const rows = await db
        .insert(givingStatementsSent)
        .values({ email, year, sentAt: now })
        .onConflictDoNothing()
        .returning({ email: givingStatementsSent.email });
      return rows.length > 0;
    },
    releaseStatement: (email: string, year: number) =>
      db
        .delete(givingStatementsSent)
        .where(and(eq(givingStatementsSent.email, email), eq(givingStatementsSent.year, year))),
  };
}
