import { and, eq, inArray, lte } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { affiliateClicks, donations, organization, paymentEvents, payments, tips } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;
export type TipRow = typeof tips.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** SQL of payments, donations, tips and affiliate clicks. */
const insertPayment = async (q: Pick<Db, 'insert'>, payment: typeof payments.$inferInsert) =>
  oneRow(await q.insert(payments).values(payment).returning(), 'payment insert');

/** Inserts a payment and, in the same transaction, the row of `table` it pays for (`what` names that insert). */
async function insertPaidFor<T extends typeof donations | typeof tips>(
  db: Db,
  payment: typeof payments.$inferInsert,
  table: T,
  row: Omit<T['$inferInsert'], 'paymentId'>,
  what: string,
): Promise<[PaymentRow, T['$inferSelect']]> {
  return db.transaction(async (tx) => {
    const p = await insertPayment(tx, payment);
    const inserted = await tx
      .insert(table as PgTable)
      .values({ ...row, paymentId: p.id } as never)
      .returning();
    return [p, oneRow(inserted, what) as T['$inferSelect']];
  });
}

export function createPaymentsRepo(db: Db) {
  return {
    /** A payment and the row it pays for, created together. */
    async createDonation(
      payment: typeof payments.$inferInsert,
      donation: Omit<typeof donations.$inferInsert, 'paymentId'>,
    ) {
      const [p, d] = await insertPaidFor(db, payment, donations, donation, 'donation insert');
      return { payment: p, donation: d };
    },
    async createTip(payment: typeof payments.$inferInsert, tip: Omit<typeof tips.$inferInsert, 'paymentId'>) {
      const [p, t] = await insertPaidFor(db, payment, tips, tip, 'tip insert');
      return { payment: p, tip: t };
    },
    createPayment: (payment: typeof payments.$inferInsert) => insertPayment(db, payment),
    /** The organization at a public page's slug, as a gift to it needs it (read only: the orgs feature owns it). */
    organizationBySlug: async (slug: string) =>
      (
        await db
          .select({ id: organization.id, name: organization.name, status: organization.status })
          .from(organization)
          .where(eq(organization.slug, slug))
      )[0],
    /**
     * Refunds a paid entry payment once: its row is locked while `refund` asks the provider, so of any number
     * of refunds at once, on any number of instances, one calls the provider and the others find it refunded.
     * A provider that refuses (`refund` throws) changes nothing. Answers whether this call refunded it.
     */
    refundOnce: (paymentId: string, refund: (sessionId: string) => Promise<void>) =>
      db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (payment?.purpose !== 'entry' || payment.status !== 'paid' || !payment.sessionId) return false;
        await refund(payment.sessionId);
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, paymentId));
        return true;
      }),
    setSession: (paymentId: string, sessionId: string) =>
      db.update(payments).set({ sessionId }).where(eq(payments.id, paymentId)),
    /** A checkout the provider never opened: nothing can pay it, so it is failed at once. */
    abandon: (paymentId: string) =>
      db.transaction(async (tx) => {
        await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, paymentId));
        await tx.update(donations).set({ status: 'failed' }).where(eq(donations.paymentId, paymentId));
        await tx.update(tips).set({ status: 'failed' }).where(eq(tips.paymentId, paymentId));
      }),
    paymentById: async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0],
    paymentBySession: async (sessionId: string) =>
      (await db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0],
    donationByReference: async (reference: string) =>
      (await db.select().from(donations).where(eq(donations.reference, reference)))[0],
    donationByPayment: async (paymentId: string) =>
      (await db.select().from(donations).where(eq(donations.paymentId, paymentId)))[0],
    tipById: async (id: string) => (await db.select().from(tips).where(eq(tips.id, id)))[0],
    /** Pending local checkouts at or past their expiry (the local provider expires them itself). */
    expiredLocalSessions: async (now: Date) =>
      (
        await db
          .select({ sessionId: payments.sessionId, amountCents: payments.amountCents })
          .from(payments)
          .where(and(eq(payments.provider, 'local'), eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
          .limit(100)
      ).flatMap((r) => (r.sessionId ? [{ sessionId: r.sessionId, amountCents: r.amountCents }] : [])),

    /**
     * Applies one provider event exactly once: the event id is recorded in the same transaction as its
     * effect, so a replay (or a concurrent duplicate) changes nothing; the payment row is locked while
     * its next status is decided. An event changes only a payment opened with the provider that signed
     * it. Returns what changed, if anything.
     */
    async applyEvent(
      event: { id: string; type: string; sessionId: string | null; provider: PaymentRow['provider']; receivedAt: Date },
      decide: (payment: PaymentRow) => Exclude<PaymentRow['status'], 'refunded'> | null,
      /** Runs in the same transaction once a payment became paid (a monthly gift starts there). */
      onPaid?: (tx: Tx, payment: PaymentRow) => Promise<void>,
      /** Runs in the same transaction once the payment's status changed (its domain events are written there). */
      onChanged?: (tx: Tx, payment: PaymentRow) => Promise<void>,
    ): Promise<{ applied: boolean; payment?: PaymentRow; from?: PaymentRow['status'] }> {
      return db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(paymentEvents)
          .values({ eventId: event.id, type: event.type, sessionId: event.sessionId, receivedAt: event.receivedAt })
          .onConflictDoNothing()
          .returning({ eventId: paymentEvents.eventId });
        if (!recorded || !event.sessionId) return { applied: false };
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.sessionId, event.sessionId), eq(payments.provider, event.provider)))
          .for('update');
        if (!payment) return { applied: false };
        const next = decide(payment);
        if (!next || next === payment.status) return { applied: false, payment };
        const [updated] = await tx
          .update(payments)
          .set({ status: next, settledAt: event.receivedAt })
          .where(eq(payments.id, payment.id))
          .returning();
        const rowStatus = next === 'paid' ? 'completed' : next;
        if (payment.purpose === 'donation') {
          await tx
            .update(donations)
            .set({ status: rowStatus, ...(next === 'paid' ? { completedAt: event.receivedAt } : {}) })
            .where(
              and(eq(donations.paymentId, payment.id), inArray(donations.status, ['pending', 'expired', 'failed'])),
            );
        } else if (payment.purpose === 'tip') {
          await tx.update(tips).set({ status: rowStatus }).where(eq(tips.paymentId, payment.id));
        }
        if (next === 'paid' && onPaid) await onPaid(tx, updated ?? payment);
        if (onChanged) await onChanged(tx, updated ?? payment);
        return { applied: true, payment: updated ?? payment, from: payment.status };
      });
    },

    recordAffiliateClick: (row: typeof affiliateClicks.$inferInsert) => db.insert(affiliateClicks).values(row),
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
