import type { EntrySummary } from '../../../../shared/contracts/board-responses';
import { boardErrorCodes } from '../../../../shared/contracts/boards';
import { type EntryLinksResult, entryLinkMessages } from '../../../../shared/contracts/fan-central';
import { AppError } from '../../../http/errors';
import type { BoardContext } from '../board-context';
import type { BoardReads } from '../board-reads';
import type { EntriesRepo } from './repo';

/** The SQL of what a fan does with the entries they hold. */
export type LinksAndPledgesSql = Pick<BoardReads, 'entriesFor'> & Pick<EntriesRepo, 'linkEntries' | 'setCommitment'>;

/** What a fan does with entries they hold: keeps them in their account, pledges a gift on one. */
export function createLinksAndPledges(
  ctx: BoardContext,
  repo: LinksAndPledgesSql,
  /** The Entry Summary a pledge answers with (views). */
  summary: (ticketNumber: string) => Promise<EntrySummary>,
) {
  const { refuseMoney } = ctx;

  return {
    /**
     * Keeps a visitor's entries in their account: each ticket (only tickets the fan's browser holds) is
     * linked when no account holds it, kept when it is already the fan's, and refused, per entry, when
     * another account holds it or no entry has it. Repeating it changes nothing.
     */
    async linkEntries(input: { tickets: string[]; userId: string }): Promise<EntryLinksResult> {
      const tickets = [...new Set(input.tickets)];
      const owners = await repo.linkEntries(tickets, input.userId);
      const result: EntryLinksResult = { linked: [], refused: [] };
      for (const ticket of tickets) {
        const owner = owners.get(ticket);
        if (owner === input.userId) result.linked.push(ticket);
        else if (owner)
          result.refused.push({ ticket, reason: 'otherAccount', message: entryLinkMessages.otherAccount(ticket) });
        else result.refused.push({ ticket, reason: 'unknown', message: entryLinkMessages.unknown(ticket) });
      }
      return result;
    },

    /**
     * Records a donation commitment on one of the viewer's entries, found by its ticket number or its
     * board code among the viewer's own entries (this browser's tickets or the account's).
     */
    async commit(input: { confirmationCode: string; amountCents: number; tickets: string[]; userId: string | null }) {
      const code = input.confirmationCode.trim().toUpperCase();
      const rows = await repo.entriesFor({ tickets: input.tickets, userId: input.userId });
      const match = rows.find((r) => r.entry.ticketNumber === code) ?? rows.find((r) => r.entry.code === code);
      if (!match) {
        throw new AppError(
          422,
          boardErrorCodes.noMatchingEntry,
          'That confirmation code does not match any of your entries. Use your ticket number or your 3-letter board code.',
          { confirmationCode: 'No matching entry' },
        );
      }
      // A free-to-play board takes no money at any point: no pledge either.
      refuseMoney(match.board, input.amountCents);
      // Cash an organizer collected keeps the amount it was collected for: the gift can no longer change.
      if (!(await repo.setCommitment(match.entry.id, input.amountCents))) {
        throw new AppError(
          409,
          boardErrorCodes.pledgeCollected,
          'The organizer has already collected this entry’s pledge, so its gift can no longer change here.',
        );
      }
      return summary(match.entry.ticketNumber);
    },
  };
}
