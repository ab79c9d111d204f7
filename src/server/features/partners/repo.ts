import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findRow } from '../../db/find-row';
import { oneRow } from '../../db/one-row';
import { partnerInquiries, partnerSubmissions } from '../../db/schema';

export type SubmissionRow = typeof partnerSubmissions.$inferSelect;

export function createPartnersRepo(db: Db) {
  return {
    async insertInquiry(row: typeof partnerInquiries.$inferInsert) {
      return oneRow(await db.insert(partnerInquiries).values(row).returning(), 'inquiry insert');
    },
    async markInquiryNotified(id: string, at: Date) {
      await db.update(partnerInquiries).set({ notifiedAt: at }).where(eq(partnerInquiries.id, id));
    },
    async insertSubmission(row: typeof partnerSubmissions.$inferInsert) {
      return oneRow(await db.insert(partnerSubmissions).values(row).returning(), 'partner submission insert');
    },
    findSubmission(id: string, receiptHash: string): Promise<SubmissionRow | undefined> {
      const ofReceipt = and(eq(partnerSubmissions.id, id), eq(partnerSubmissions.receiptHash, receiptHash));
      return findRow(db, partnerSubmissions, ofReceipt);
    },
    /**
     * Takes one of the submission's confirmation sends in one statement, so concurrent requests cannot
     * exceed `max`. Undefined when none is left.
     */
    async claimConfirmation(id: string, max: number, at: Date): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .update(partnerSubmissions)
        .set({ confirmationsSent: sql`${partnerSubmissions.confirmationsSent} + 1`, lastConfirmedAt: at })
        .where(and(eq(partnerSubmissions.id, id), lt(partnerSubmissions.confirmationsSent, max)))
        .returning();
      return row;
    },
    /** Gives a claimed send back when the email could not be sent. */
    async releaseConfirmation(id: string) {
      await db
        .update(partnerSubmissions)
        .set({ confirmationsSent: sql`greatest(${partnerSubmissions.confirmationsSent} - 1, 0)` })
        .where(eq(partnerSubmissions.id, id));
    },
  };
}
export type PartnersRepo = ReturnType<typeof createPartnersRepo>;
