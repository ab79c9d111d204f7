import {
  type AdminAddEntryInput,
  type AdminEntry,
  adminErrorCodes,
  type PaymentState,
} from '../../../shared/contracts/admin';
import type { LiveScore } from '../../../shared/contracts/boards';
import type { BoardMode } from '../../../shared/domain/legal';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BoardsService } from '../boards';
import type { AdminRepo, Tx } from './repo';

/** Who made an admin change, as the audit log shows it. */
export type Actor = string;

/**
 * What admin needs of the boards feature: only boards writes board entries and cells, takes the claim lock
 * and publishes board events; admin calls it for every such change.
 */
export type AdminBoards = Pick<
  BoardsService,
  | 'addEntry'
  | 'createBoard'
  | 'view'
  | 'lock'
  | 'cancel'
  | 'voidBoard'
  | 'score'
  | 'confirmResult'
  | 'setScoring'
  | 'lockClaims'
  | 'removeEntry'
  | 'markCashReturned'
  | 'markPledgeCollected'
  | 'clearPledgeCollected'
  | 'open'
  | 'previewScore'
>;

/** Why an entry's pledge cannot be marked collected, by its payment state (what the 409 says). */
export const notCollectable: Record<Exclude<PaymentState, 'pledged' | 'collected'>, string> = {
  paid: 'This entry was paid through checkout.',
  'awaiting-payment': 'This entry is still waiting for its checkout; it settles when the payment arrives.',
  none: 'This entry has no pledged amount to collect.',
  refunded: 'This entry’s payment was refunded.',
  cancelled: 'This entry’s board was cancelled: there is nothing to collect.',
  'to-return': 'This entry’s cash is to be returned to the entrant.',
  returned: 'This entry’s cash was returned to the entrant.',
};

/** What the audit log keeps of an entry. */
export const auditedEntry = (e: AdminEntry) => ({
  board: e.boardSlug,
  code: e.code,
  nickname: e.nickname,
  phone: e.phone,
  ticketNumber: e.ticketNumber,
  cells: e.cells,
  amountCents: e.amountCents,
  donationCommitmentCents: e.donationCommitmentCents,
  paymentState: e.paymentState,
  state: e.state,
});

/**
 * What the audit log keeps of an organizer's new entry: the entry, and the eligibility and ways to reach the
 * entrant that the organizer gave for them.
 */
export const auditedAddition = (e: AdminEntry, input: AdminAddEntryInput) => ({
  ...auditedEntry(e),
  email: input.email || null,
  smsConsent: input.smsConsent === true && Boolean(input.phone),
  ageConfirmed: input.ageConfirmed === true,
});

/** What admin's board operations are given (the admin service passes its own deps on). */
export interface AdminBoardOpsDeps {
  db: Db;
  repo: AdminRepo;
  clock: Clock;
  /** The organization whose boards these are (the organizer API): a new board is its. */
  organizationId?: string | undefined;
  /** The boards rules bound to a transaction, so the audit record commits with the change or not at all. */
  boardsIn: (tx: Tx) => AdminBoards;
  /**
   * What follows a cancellation once its transaction has committed (refunds through the payment provider, and
   * emails): never inside the transaction, which a slow provider would hold open.
   */
  afterCancel?: (slug: string) => Promise<unknown>;
  /** The states each mode excludes (configuration), published with each board's legal settings. */
  excludedStates?: Record<BoardMode, readonly string[]>;
  /**
   * A feed game's live score (the feed feature), shown on the board detail (as on the public board) that an
   * operation answers with.
   */
  liveGame?: (feedId: string) => Promise<LiveScore | null>;
}

/** What every admin change is made with: its transaction and audit record, and the entry it names. */
export function createAuditedChanges(deps: Pick<AdminBoardOpsDeps, 'db' | 'repo' | 'clock'>) {
  const { db, repo, clock } = deps;

  /** Runs a change and its audit record in one transaction. */
  function audited<T>(
    actor: Actor,
    action: string,
    target: string,
    change: (tx: Tx) => Promise<{ result: T; before: unknown; after: unknown } | { result: T; unchanged: true }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const outcome = await change(tx);
      if (!('unchanged' in outcome)) {
        await repo.audit(tx, { at: clock.now(), actor, action, target, before: outcome.before, after: outcome.after });
      }
      return outcome.result;
    });
  }

  async function entryOr404(id: string, q?: Tx) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.entryById(id, q) : undefined;
    if (!row)
      throw new AppError(404, adminErrorCodes.entryNotFound, 'That entry does not exist (it may have been deleted).');
    return row;
  }

  return { audited, entryOr404 };
}
