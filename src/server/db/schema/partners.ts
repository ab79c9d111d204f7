import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';

/**
 * Partnership inquiry, one row per inquiry from the /partners page. Personal data: never
 * returned by a public endpoint (staff read it in the partners inbox email and, later, the admin views).
 */
export const partnerInquiries = pgTable(
  'partner_inquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    organization: text('organization').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When the staff inbox was emailed; null while that failed (the inquiry is kept either way). */
    notifiedAt: at('notified_at'),
  },
  (t) => [index('partner_inquiries_created_idx').on(t.createdAt)],
);

/**
 * Partner form data: every 'Save & Send Confirmation Email' stores one submission for a partner
 * id (append-only; nothing reads it back publicly, see docs/decisions/0010-partner-forms.md). The
 * sender holds a receipt (only its SHA-256 is kept here) that lets it send this submission's
 * confirmation email, a bounded number of times.
 */
export const partnerSubmissions = pgTable(
  'partner_submissions',
  {
    id: id(),
    partnerId: text('partner_id').notNull(),
    organizationName: text('organization_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    website: text('website').notNull(),
    memo: text('memo').notNull(),
    currentSponsorships: text('current_sponsorships').notNull(),
    brandColors: text('brand_colors').notNull(),
    brandDescription: text('brand_description').notNull(),
    logoUrl: text('logo_url').notNull(),
    receiptHash: text('receipt_hash').notNull(),
    confirmationsSent: integer('confirmations_sent').notNull().default(0),
    lastConfirmedAt: at('last_confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('partner_submissions_partner_idx').on(t.partnerId, t.createdAt)],
);
