import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/** Messages the dev outbox "sent": shown at /dev/mail when no SMTP server is configured. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: id(),
    /** Insertion order, so messages sent within the same instant still list newest first. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [index('dev_outbox_seq_idx').on(t.seq)],
);

/**
 * Fixed-window counters shared by every server instance (rate limits, lockouts). One row per key;
 * `lockedUntil` is set when a limit that locks (sign-in, admin gate) is reached.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
  lockedUntil: at('locked_until'),
});

/**
 * One row per periodic job (platform/scheduler): the last tick some instance claimed, so each tick runs
 * once across instances and restarts, and when and how the last run went, for operators.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastTickAt: at('last_tick_at').notNull(),
  lastStartedAt: at('last_started_at').notNull(),
  lastFinishedAt: at('last_finished_at'),
  /** The message of the last run's error; null when it succeeded (or is still running). */
  lastError: text('last_error'),
});
