import { index, integer, jsonb, type PgColumnBuilderBase, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/**
 * A dev outbox (shown at /dev/mail when no provider is configured): `id`, an insertion order `seq` (so what was
 * sent within the same instant still lists newest first, by the index `<name>_seq_idx`), the table's own
 * columns, and `sent_at`.
 */
function devOutboxTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
) {
  return pgTable(
    name,
    {
      id: id(),
      seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
      ...columns,
      sentAt: at('sent_at').notNull(),
    },
    (t) => [index(`${name}_seq_idx`).on(t.seq)],
  );
}

/**
 * A queue of messages to send, by a key unique per recipient and event, so a message enqueued twice (a retried
 * request, several instances) is sent once: `id`, `key`, `to`, the table's own columns, the send state
 * (`status` one of `statuses`, starting 'queued'; `attempts`; `nextAttemptAt`, when a queued message is next due
 * or when a `sending` row's lease ends, null once settled; `lastError`), then `created_at` and `sent_at`. The
 * index `<name>_due_idx` finds what is due.
 */
function sendQueueTable<
  TName extends string,
  const TStatus extends readonly [string, ...string[]],
  TColumns extends Record<string, PgColumnBuilderBase>,
>(name: TName, statuses: TStatus, columns: TColumns) {
  return pgTable(
    name,
    {
      id: id(),
      key: text('key').notNull().unique(),
      to: text('to').notNull(),
      ...columns,
      status: text('status', { enum: statuses }).notNull().default('queued'),
      attempts: integer('attempts').notNull().default(0),
      nextAttemptAt: at('next_attempt_at'),
      lastError: text('last_error'),
      createdAt: at('created_at').notNull(),
      sentAt: at('sent_at'),
    },
    (t) => [index(`${name}_due_idx`).on(t.status, t.nextAttemptAt)],
  );
}

/** Messages the dev outbox "sent": shown at /dev/mail when no SMTP server is configured. */
export const devOutbox = devOutboxTable('dev_outbox', {
  to: text('to').notNull(),
  from: text('from').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
});

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
export const devSmsOutbox = devOutboxTable('dev_sms_outbox', {
  /** The outbox key the text was sent under. */
  key: text('key').notNull(),
  to: text('to').notNull(),
  body: text('body').notNull(),
});

/**
 * Every text FanGrid means to send, by a key unique per recipient and event, so a message enqueued twice
 * (a retried request, several instances) is sent once. The scheduler's job sends what is due: `queued` rows
 * whose `nextAttemptAt` has come, and `sending` rows whose lease (`nextAttemptAt`) ran out mid-send. `to` is
 * the number in its stored E.164 form; a skipped text has no attempts, and its `lastError` says why it was
 * skipped (for a failure, the provider's message for a refusal).
 */
export const smsOutbox = sendQueueTable('sms_outbox', ['queued', 'sending', 'sent', 'failed', 'skipped'], {
  body: text('body').notNull(),
  /** The provider's id of the sent message (Twilio's SM… sid). */
  providerId: text('provider_id'),
});

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
export const mailNotifications = sendQueueTable('mail_notifications', ['queued', 'sending', 'sent', 'failed'], {
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  replyTo: text('reply_to'),
  attachments: jsonb('attachments').$type<StoredMailAttachment[]>(),
});

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
