import { sql } from 'drizzle-orm';
import { entries, payments, user } from './schema';

/**
 * What a select of entries reads to settle an entrant's money and tell them: the amounts, the payment and its
 * status, cash collected and returned, the phone and its text consent, and an email (the account's, else the
 * one kept on the entry). The query left-joins `payments` on the entry's payment and `user` on its account.
 */
export const entrantColumns = {
  amountCents: entries.amountCents,
  donationCommitmentCents: entries.donationCommitmentCents,
  paymentId: entries.paymentId,
  paymentStatus: payments.status,
  pledgeCollectedAt: entries.pledgeCollectedAt,
  cashReturnedAt: entries.cashReturnedAt,
  phone: entries.phone,
  smsConsent: entries.smsConsent,
  email: sql<string | null>`coalesce(${user.email}, ${entries.email})`,
};
