import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * One checkout at the payment provider (Stripe, or FanGrid's local test checkout). What it pays for is
 * named by `purpose` and the row of that purpose points back here. Status moves only forward:
 * pending → paid | failed | expired (a late `paid` after `expired` still wins: the money arrived).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_pending_expiry_idx').on(t.status, t.expiresAt)],
);

/** Every provider event applied, by its id: the unique key makes a replayed event a no-op. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** WNBA donation record and the baseball/game donations (create-donation-payment). */
export const donations = pgTable('donations', {
  id: uuid('id').primaryKey().defaultRandom(),
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
  status: text('status', { enum: ['pending', 'completed', 'failed', 'expired'] })
    .notNull()
    .default('pending'),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** Tip: a tip to a streamer, with the platform fee of its tier fixed when it was created. */
export const tips = pgTable('tips', {
  id: uuid('id').primaryKey().defaultRandom(),
  streamer: text('streamer').notNull(),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  message: text('message'),
  status: text('status', { enum: ['pending', 'completed', 'failed', 'expired'] })
    .notNull()
    .default('pending'),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Affiliate clicks on stream links (docs/product.md#gaming-hub): recorded server-side before the redirect. */
export const affiliateClicks = pgTable('affiliate_clicks', {
  id: uuid('id').primaryKey().defaultRandom(),
  site: text('site', { enum: ['twitch', 'youtube', 'tiktok', 'instagram'] }).notNull(),
  handle: text('handle').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
});
