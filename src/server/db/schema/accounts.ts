import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, madeBy } from './columns';

/**
 * `login_attempts`, written only by the server: every sign-in, sign-up and admin-gate try.
 * Statuses: attempted (failures), signup_pending, signup_confirmed, success, plus admin_gate_* for the gate.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    timestamp: at('timestamp').notNull(),
    phone: text('phone'),
    email: text('email'),
    name: text('name'),
    status: text('status').notNull(),
    userId: madeBy(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_attempts_timestamp_idx').on(t.timestamp), index('login_attempts_email_idx').on(t.email)],
);

/** Admin sessions from the server-side gate: 30 minutes idle, 8 hours at most. Only a hash of the token is stored. */
export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  /** 'passcode' after step 1 (valid 5 minutes, only for step 2), 'admin' after both steps. */
  stage: text('stage', { enum: ['passcode', 'admin'] }).notNull(),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull(),
  ip: text('ip'),
});
