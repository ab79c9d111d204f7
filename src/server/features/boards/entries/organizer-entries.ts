import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import { ageTickMessage, boardErrorCodes } from '../../../../shared/contracts/boards';
import { errorCodes } from '../../../../shared/contracts/errors';
import { amountProblem, ticketNumber } from '../../../../shared/domain/boards';
import { SMS_CONSENT_TEXT } from '../../../../shared/domain/sms';
import { AppError } from '../../../http/errors';
import type { AdminEntryInput, BoardContext } from '../board-context';
import type { Placement } from './placement';
import type { EntriesRepo } from './repo';

/** The SQL of an organizer's changes to entries. */
export type OrganizerEntriesSql = Pick<
  EntriesRepo,
  | 'markAddedByAdmin'
  | 'holdClaimLock'
  | 'removeEntry'
  | 'markCashReturned'
  | 'markPledgeCollected'
  | 'clearPledgeCollected'
>;

/** An organizer's entries: added for a fan, taken off the board, and their cash and pledges. */
export function createOrganizerEntries(ctx: BoardContext, repo: OrganizerEntriesSql, { place }: Placement) {
  const { deps, clock, loadWithStatus, refuseMoney, refuseState } = ctx;
  const { random } = deps;

  return {
    /**
     * Admin, on a service bound to a transaction: holds the board's claim lock until the transaction ends, so
     * a change to the board's entries never interleaves with a claim, on any server instance.
     */
    async lockClaims(boardId: string): Promise<void> {
      await repo.holdClaimLock(boardId);
    },

    /**
     * Admin: takes an entry off its board, 'deleted' or 'refunded' (kept, listed as unpaid). Its cells are free
     * again at once and live boards hear so; a pledge marked collected becomes cash to return. Answers the
     * cells freed, or null when the entry was already taken off that way (nothing changed).
     */
    async removeEntry(entry: { id: string; boardId: string }, how: 'deleted' | 'refunded'): Promise<number[] | null> {
      return repo.removeEntry(entry, how, clock.now());
    },

    /** Admin ('Returned'): records that an entry's cash to return was handed back; answers whether this call did. */
    async markCashReturned(entryId: string, at: Date): Promise<boolean> {
      return repo.markCashReturned(entryId, at);
    },

    /**
     * Admin: records that an entry's pledge was collected outside checkout (cash, transfer…); answers whether
     * this call marked it (false: it was marked already, say by a request at the same moment).
     */
    async markPledgeCollected(entryId: string, at: Date): Promise<boolean> {
      return repo.markPledgeCollected(entryId, at);
    },

    /** Admin: undoes 'collected' on an entry's pledge; answers whether this call undid it. */
    async clearPledgeCollected(entryId: string): Promise<boolean> {
      return repo.clearPledgeCollected(entryId);
    },

    /**
     * Admin: an organizer adds an entry for a fan (say, paid in cash at the venue) while the board is scheduled
     * or open. It takes random free cells like any entry, never a checkout. The entrant's eligibility is the
     * board's as for a fan's own entry, with the same messages: the board's amount rule, the state where the
     * mode asks for one (an excluded state refused) and the age tick; a text consent is stored with its wording
     * and time as a fan's is, and an email to tell the entry of a win.
     */
    async addEntry(slug: string, input: AdminEntryInput): Promise<EntryCreated & { replayed?: true }> {
      const { board, game, now, status } = await loadWithStatus(slug);
      if (status !== 'scheduled' && status !== 'open') {
        throw new AppError(409, boardErrorCodes.closed, 'Entries can only be added before the board locks.');
      }
      // The board's amount rule applies as it does to a fan's entry, with the same messages: no money on a board
      // whose mode takes none, and on a board that takes an amount one that fits its rule ($0 or none is
      // refused there: 'Enter an amount of at least $1.', 'Choose a support amount.').
      refuseMoney(board, input.amountCents);
      const problem = amountProblem(board.entryRule, input.amountCents ?? null);
      if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });
      refuseState(board, input.state || undefined);
      if (input.ageConfirmed !== true) {
        throw new AppError(400, errorCodes.validation, ageTickMessage, { ageConfirmed: ageTickMessage });
      }
      const amountCents = input.amountCents || null;
      // Consent means a phone to text (the contract refuses one without it).
      const consent = input.smsConsent === true && Boolean(input.phone);
      const created = await place(
        board,
        game,
        {
          boardId: board.id,
          userId: null,
          phone: input.phone || null,
          nickname: input.nickname,
          amountCents,
          teamSupport: input.teamSupport || null,
          organization: input.organization || board.organization,
          referralCode: input.referralCode || null,
          gameCode: input.gameCode || null,
          ticketNumber: ticketNumber(random),
          idempotencyKey: `admin-${input.idempotencyKey ?? `${ticketNumber(random)}${ticketNumber(random)}`}`,
          createdAt: now,
          smsConsent: consent,
          smsConsentText: consent ? SMS_CONSENT_TEXT : null,
          smsConsentedAt: consent ? now : null,
          state: input.state || null,
          ageConfirmedAt: now,
        },
        // An organizer's entry (cash at the venue, say) is not limited per number; it still counts
        // towards that number's entries when the fan enters on their own.
        { checkout: false, phoneLimit: null },
      );
      // A replay keeps what the first request stored.
      if (!created.replayed) await repo.markAddedByAdmin(created.id, input.email || null);
      return created;
    },
  };
}
