import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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

/** Texts the dev outbox "sent": shown beside the emails at /dev/mail when Twilio is not configured. */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: id(),
    /** Insertion order, so texts sent within the same instant still list newest first. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    /** The outbox key the text was sent under. */
    key: text('key').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [index('dev_sms_outbox_seq_idx').on(t.seq)],
);

/**
 * Every text FanGrid means to send, by a key unique per recipient and event, so a message enqueued twice
 * (a retried request, several instances) is sent once. The scheduler's job sends what is due: `queued` rows
 * whose `nextAttemptAt` has come, and `sending` rows whose lease (`nextAttemptAt`) ran out mid-send.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    key: text('key').notNull().unique(),
    /** The number in its stored E.164 form. */
    to: text('to').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    /** Sends tried so far (a skipped text has none). */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued text is next due, or when a `sending` row's lease ends. Null once settled. */
    nextAttemptAt: at('next_attempt_at'),
    /** Why the last try failed, or why the text was skipped (the provider's message for a refusal). */
    lastError: text('last_error'),
    /** The provider's id of the sent message (Twilio's SM… sid). */
    providerId: text('provider_id'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Numbers that replied STOP (or a synonym): never texted again until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** The number in its stored E.164 form (domain/phone). */
  phone: text('phone').primaryKey(),
  /** The keyword the number sent, as received (upper-cased). */
  keyword: text('keyword').notNull(),
  optedOutAt: at('opted_out_at').notNull(),
});

/**
 * Inbound texts already acted on, by the provider's message id: a webhook delivered again (a retry or a
 * replayed request) changes nothing the second time.
 */
export const smsInbound = pgTable('sms_inbound', {
  messageSid: text('message_sid').primaryKey(),
  from: text('from').notNull(),
  body: text('body').notNull(),
  receivedAt: at('received_at').notNull(),
});

/** A file an outbox email is sent with, its content in base64 (a statement's PDF, for one). */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Every email FanGrid sends (receipts, account links, board notices, partner mail), by a key unique per
 * recipient and event, so an email enqueued twice (a retry, several instances) is sent once. The scheduler's
 * job sends what is due, like the texts' outbox: `queued` rows whose `nextAttemptAt` has come, and `sending`
 * rows whose lease ran out mid-send. A row without `html` is sent with its text as HTML.
 */
export const mailNotifications = pgTable(
  'mail_notifications',
  {
    id: id(),
    key: text('key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('mail_notifications_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Domain events (platform/domain-events): written in the transaction of the change they announce, delivered to
 * their subscribers after it commits, each marked delivered once every handler took it. A row still `sending`
 * after its lease, or `queued` for a retry, is due again for the retry job.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    /** The event's type (`entry-payment.settled`, ...): platform/domain-events/types.ts lists them. */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('sending'),
    /** Deliveries tried so far (the first, in the request that wrote it, counts). */
    attempts: integer('attempts').notNull().default(1),
    /** When a queued event is next due, or when a `sending` row's lease ends. Null once delivered. */
    nextAttemptAt: at('next_attempt_at'),
    /** Why the last delivery failed. */
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [index('domain_events_due_idx').on(t.status, t.nextAttemptAt)],
);
