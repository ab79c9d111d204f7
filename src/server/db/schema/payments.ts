import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
export const donations = pgTable('donations', {
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
  ...paidThroughCheckout(),
  completedAt: at('completed_at'),
});

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
