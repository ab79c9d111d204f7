import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type AwardKind, awardKinds } from '../../../shared/contracts/awards';
import { boards, entries } from './boards';
import { at, id } from './columns';

/**
 * One prize per award (kind) of a scored period of a board that has a winning entry (docs/product.md#prizes-and-claims). Its
 * amount includes what rolled over from empty cells before it. A correction re-points an unclaimed prize to
 * the new winner; a claimed, paid or given-back one keeps its winner and is flagged for the organizer.
 */
export const prizes = pgTable(
  'prizes',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id),
    period: text('period').notNull(),
    /** The kind of the period's award this prize pays (board_results `kind`). */
    kind: text('kind', { enum: awardKinds }).$type<AwardKind>().notNull().default('main'),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    prizeCents: integer('prize_cents').notNull(),
    state: text('state', { enum: ['unclaimed', 'claimed', 'paid', 'given-back', 'expired'] })
      .notNull()
      .default('unclaimed'),
    /** The method the winner chose ('pickup', 'check', 'handle') or 'give-back'. */
    method: text('method', { enum: ['pickup', 'check', 'handle', 'give-back'] }),
    /** The mailing address or payment handle the winner typed (admin only). */
    handle: text('handle'),
    claimedAt: at('claimed_at'),
    paidAt: at('paid_at'),
    paidReference: text('paid_reference'),
    /** Who received a prize an organizer paid in cash at the venue (their name as the organizer typed it). */
    receivedBy: text('received_by'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    /** Bumped each time the prize is re-pointed, so claim links and texts of an earlier winner stop working. */
    version: integer('version').notNull().default(1),
    /** SHA-256 of the last claim code texted to the entry's phone, and until when it is good. */
    codeHash: text('code_hash'),
    codeExpiresAt: at('code_expires_at'),
    /** Why the organizer should look at this prize (a correction moved the win after it was claimed). */
    reviewNote: text('review_note'),
  },
  (t) => [
    uniqueIndex('prizes_board_period_kind_idx').on(t.boardId, t.period, t.kind),
    index('prizes_state_expiry_idx').on(t.state, t.expiresAt),
    index('prizes_entry_idx').on(t.entryId),
  ],
);
