import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth';
import { at, createdAt, id, madeBy } from './columns';

/**
 * One checkout at the payment provider (Stripe, or FanGrid's local test checkout). What it pays for is
 * named by `purpose` and the row of that purpose points back here. Status moves only forward:
 * pending → paid | failed | expired (a late `paid` after `expired` still wins: the money arrived).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    /** The provider's checkout session id (Stripe `cs_…`, local `cs_local_…`); set once created. */
    sessionId: text('session_id').unique(),
    purpose: text('purpose', { enum: ['donation', 'tip', 'entry'] }).notNull(),
    mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [index('payments_pending_expiry_idx').on(t.status, t.expiresAt)],
);

/** Every provider event applied, by its id: the unique key makes a replayed event a no-op. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: at('received_at').notNull(),
});

/**
 * What a donation and a tip share: the status their checkout moves forward, the account that made them
 * (if signed in), their checkout, and when they were made. Spread where these columns stand.
 */
const paidThroughCheckout = () => ({
  status: text('status', { enum: ['pending', 'completed', 'failed', 'expired'] })
    .notNull()
    .default('pending'),
  userId: madeBy(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  createdAt: createdAt(),
});

/** WNBA donation record and the baseball/game donations (create-donation-payment). */
export const donations = pgTable(
  'donations',
  {
    id: id(),
    /** The public reference shown and linked: 'WNBA-…' for WNBA games, 'DON-…' otherwise. */
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: ['wnba', 'baseball', 'game'] }).notNull(),
    type: text('type', { enum: ['one-time', 'recurring'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorPhone: text('donor_phone'),
    message: text('message'),
    gameData: jsonb('game_data').notNull(),
    /** The organization the gift was made to (its public page's donate button); null: to FanGrid. */
    organizationId: text('organization_id').references(() => organization.id),
    ...paidThroughCheckout(),
    completedAt: at('completed_at'),
  },
  (t) => [index('donations_organization_idx').on(t.organizationId)],
);

/** Tip: a tip to a streamer, with the platform fee of its tier fixed when it was created. */
export const tips = pgTable('tips', {
  id: id(),
  streamer: text('streamer').notNull(),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  message: text('message'),
  ...paidThroughCheckout(),
});

/** Affiliate clicks on stream links (docs/product.md#gaming-hub): recorded server-side before the redirect. */
export const affiliateClicks = pgTable('affiliate_clicks', {
  id: id(),
  site: text('site', { enum: ['twitch', 'youtube', 'tiktok', 'instagram'] }).notNull(),
  handle: text('handle').notNull(),
  userId: madeBy(),
  clickedAt: at('clicked_at').notNull(),
});

/**
 * A monthly gift: the subscription a recurring donation opened at the provider (Stripe `sub_…`, or the
 * local checkout's `sub_local_…`). Its first payment is the donation itself; each renewal is a row of
 * `monthly_gift_charges`. `status` is kept true by the provider's events: active → past_due (a renewal
 * failed) → active (a later one paid), and cancelled for good. `stateEventAt` is the `created` time of the
 * newest event applied to the state, so an older event arriving late never regresses it.
 */
export const monthlyGifts = pgTable(
  'monthly_gifts',
  {
    id: id(),
    donationId: uuid('donation_id')
      .notNull()
      .unique()
      .references(() => donations.id),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    subscriptionId: text('subscription_id').notNull().unique(),
    customerId: text('customer_id'),
    status: text('status', { enum: ['active', 'past_due', 'cancelled'] })
      .notNull()
      .default('active'),
    amountCents: integer('amount_cents').notNull(),
    /** The donor's email in lower case: what a manage link is asked for with. */
    donorEmail: text('donor_email').notNull(),
    /** Cancelled by the donor: no further renewal; the state becomes cancelled at the period's end. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the current period ends: the next renewal's date. */
    currentPeriodEnd: at('current_period_end').notNull(),
    stateEventAt: at('state_event_at').notNull(),
    /** Local checkout only: the test card on file, whether renewals pay or decline. */
    localCard: text('local_card', { enum: ['pays', 'declines'] }),
    createdAt: createdAt(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    index('monthly_gifts_email_idx').on(t.donorEmail),
    index('monthly_gifts_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** Each charge of a monthly gift after the first, by the provider's invoice id (recorded once). */
export const monthlyGiftCharges = pgTable(
  'monthly_gift_charges',
  {
    id: id(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => monthlyGifts.id),
    invoiceId: text('invoice_id').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    /** The public reference of a paid renewal: the donation's reference and the renewal's number. */
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    // One paid row and at most one failed row per invoice: a paid invoice is recorded once.
    uniqueIndex('monthly_gift_charges_invoice_status_idx').on(t.invoiceId, t.status),
    index('monthly_gift_charges_gift_idx').on(t.giftId, t.at),
  ],
);

/** A single-use sign-in link to manage monthly gifts, by the SHA-256 of its token (the token is only mailed). */
export const donorLinks = pgTable('donor_links', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** A short-lived session a used link opened, scoped to the gifts of one email (its cookie holds the token). */
export const donorSessions = pgTable('donor_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** The year-end statements mailed: one per donor email per year. */
export const givingStatementsSent = pgTable(
  'giving_statements_sent',
  {
    email: text('email').notNull(),
    year: integer('year').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.year] })],
);
