import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages the dev outbox "sent": shown at /dev/mail when no SMTP server is configured. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, so messages sent within the same instant still list newest first. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dev_outbox_seq_idx').on(t.seq)],
);

/**
 * Fixed-window counters shared by every server instance (rate limits, lockouts). One row per key;
 * `lockedUntil` is set when a limit that locks (sign-in, admin gate) is reached.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * One row per periodic job (platform/scheduler): the last tick some instance claimed, so each tick runs
 * once across instances and restarts, and when and how the last run went, for operators.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastTickAt: timestamp('last_tick_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The message of the last run's error; null when it succeeded (or is still running). */
  lastError: text('last_error'),
});
