import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import { boardErrorCodes } from '../../../../shared/contracts/boards';
import { boardFormats, codeCandidates, drawAxes, entryClosure, entryMessages } from '../../../../shared/domain/boards';
import { legalMessages } from '../../../../shared/domain/legal';
import { AppError } from '../../../http/errors';
import { type BoardContext, type EntryBudgetCount, gameTimes, newDrawSeed, nextSlug } from '../board-context';
import type { BoardReads, BoardRow, GameRow, NewEntry } from '../board-reads';
import type { EntryClaimsRepo, FreeEntryLimits } from './claims-repo';

/** The SQL an entry's placement uses. */
export type PlacementSql = Pick<BoardReads, 'entryCount' | 'nextBoardSlug'> & EntryClaimsRepo;

/** Where an entry lands on its board: its claim, the board it fills, and its checkout on a paid board. */
export function createPlacement(ctx: BoardContext, repo: PlacementSql) {
  const { deps, holdMs } = ctx;
  const { random } = deps;

  /**
   * Places an entry on random free cells in one `fangrid_claim` call (retrying the rare code clash),
   * opens the game's next board when this one fills, and starts the checkout when `opts.checkout`.
   */
  async function place(
    board: BoardRow,
    game: GameRow,
    entry: Omit<NewEntry, 'code'> & { nickname: string; createdAt: Date; ticketNumber: string },
    opts: {
      checkout: boolean;
      phoneLimit: number | null;
      free?: FreeEntryLimits | null;
      /** Counted against its address's budget by the claim itself (a fan's entry; an organizer's is not). */
      budget?: EntryBudgetCount;
      /** Past the budget: the entry an earlier request with this key made, if any, else the 429 to answer. */
      overBudget?: (windowStart: Date) => Promise<EntryCreated>;
    },
  ): Promise<EntryCreated & { replayed?: true }> {
    const { entries: capacity, cellsPerEntry } = boardFormats[board.format];
    const now = entry.createdAt;
    const paid = opts.checkout;
    if (paid && !deps.checkout) throw new Error('a paid board needs the payments feature');
    const heldUntil = paid ? new Date(now.getTime() + holdMs) : null;
    // A paid board full of holds opens the next board but stays open: unpaid holds free their cells.
    const openNext = async () => {
      const { seed, seedHash } = newDrawSeed();
      const draw = board.paymentRequired ? null : { axes: drawAxes(board.seed) };
      await repo.lockAndOpenNext(board, now, seed, seedHash, nextSlug(board), draw);
      if (draw && deps.prizes) {
        await deps.prizes.afterLock(board.id).catch((err: unknown) => {
          deps.log?.error({ err, slug: board.slug }, 'lock texts not queued');
        });
      }
    };
    // 'Board full' offers the game's next board that still takes entries (none: an empty offer).
    const full = async () =>
      new AppError(409, boardErrorCodes.full, entryMessages.full, {
        nextBoard: (await repo.nextBoardSlug(board)) ?? '',
      });
    // Twelve candidate codes almost never all clash (a board holds at most 100 of 17,576); retry if so.
    for (let attempt = 0; attempt < 5; attempt++) {
      let claimed: Awaited<ReturnType<typeof repo.claim>>;
      try {
        claimed = await repo.claim({
          entry,
          codes: codeCandidates(entry.nickname, random),
          cellCount: cellsPerEntry,
          capacity,
          heldUntil,
          phoneLimit: opts.phoneLimit,
          free: opts.free ?? null,
          // Counted once: a retry for another code is the same entry.
          budget: attempt === 0 ? (opts.budget?.values ?? null) : null,
        });
      } catch (err) {
        if ((err as { code?: string }).code === 'P0001') throw await full();
        throw err;
      }
      const { result, budgetWindow } = claimed;
      if (!result) {
        if (!opts.overBudget || !budgetWindow) throw new Error('a claim without a budget returned no result');
        return opts.overBudget(budgetWindow);
      }
      // The same request twice at once: the second found the first's entry in the claim; it counts once.
      if (result.status === 'replay' && budgetWindow) await opts.budget?.giveBack(budgetWindow);
      if (result.status === 'no-code') continue;
      if (result.status === 'full') {
        await openNext();
        throw await full();
      }
      if (result.status === 'phone-limit') {
        const message = entryMessages.phoneLimit(result.limit);
        throw new AppError(409, boardErrorCodes.phoneLimit, message, { phone: message });
      }
      if (result.status === 'free-person-limit') {
        const message = legalMessages.freeEntryPersonLimit(result.limit);
        throw new AppError(409, boardErrorCodes.freeEntryPersonLimit, message, { phone: message });
      }
      if (result.status === 'free-board-limit') {
        throw new AppError(409, boardErrorCodes.freeEntryBoardLimit, legalMessages.freeEntryBoardLimit(result.limit));
      }
      if (result.status === 'replay') {
        return {
          id: result.id,
          boardSlug: board.slug,
          code: result.code,
          ticketNumber: result.ticket,
          cells: result.cells,
          amountCents: result.amount,
          replayed: true,
        };
      }
      if (result.count === capacity) await openNext();
      // The claim writes the entry without its text consent (unticked by default); a ticked box is stored
      // next, so an entry never counts as consenting unless this write happened.
      if (entry.smsConsent && entry.smsConsentText && entry.smsConsentedAt) {
        await repo.recordSmsConsent(result.id, entry.smsConsentText, entry.smsConsentedAt);
      }
      const created = {
        id: result.id,
        boardSlug: board.slug,
        code: result.code,
        ticketNumber: entry.ticketNumber,
        cells: result.cells,
        amountCents: entry.amountCents ?? null,
      };
      if (!paid || !deps.checkout || !heldUntil) return created;
      try {
        const checkout = await deps.checkout({
          amountCents: entry.amountCents ?? 0,
          description: `Board entry ${result.code}: ${game.teamA} vs ${game.teamB}`,
          heldUntil,
          successPath: `/boards/${board.slug}`,
          cancelPath: `/boards/${board.slug}`,
        });
        await repo.setEntryPayment({ id: result.id, boardId: board.id, cells: result.cells }, checkout.paymentId);
        return { ...created, checkoutUrl: checkout.url, heldUntil: heldUntil.toISOString() };
      } catch (err) {
        // No checkout, no hold: the cells are free again at once.
        await repo.releaseHolds({ entryId: result.id });
        throw err;
      }
    }
    throw new Error('Could not find a free board code after 5 tries');
  }

  /** Why the board takes no entry now (scheduled, locked, full, closed…), or null while it is open. */
  async function closureOf(board: BoardRow, game: GameRow, now: Date) {
    const { entries: capacity } = boardFormats[board.format];
    const closure = entryClosure({
      ...board,
      ...gameTimes(game),
      now,
      // Only a locked board needs its count: locked because it filled, or by an organizer.
      entryCount: board.lockedAt && now < game.startsAt ? await repo.entryCount(board.id) : 0,
      capacity,
    });
    return closure;
  }

  return { place, closureOf };
}
export type Placement = ReturnType<typeof createPlacement>;
