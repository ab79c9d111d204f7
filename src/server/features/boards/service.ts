import { randomBytes } from 'node:crypto';
import {
  type AdminAddEntryInput,
  adminErrorCodes,
  type CreateBoardInput,
  type FeedLeague,
} from '../../../shared/contracts/admin';
import { boardTopic } from '../../../shared/contracts/board-events';
import {
  type BoardView,
  boardErrorCodes,
  type CreateEntryInput,
  type EntryCreated,
  type EntrySummary,
  type MyEntryView,
  type ScoreInput,
} from '../../../shared/contracts/boards';
import { type EntryLinksResult, entryLinkMessages } from '../../../shared/contracts/fan-central';
import {
  amountProblem,
  awards,
  boardFormats,
  boardStatus,
  codeCandidates,
  drawAxes,
  entryClosure,
  entryMessages,
  type Random,
  seedCommitment,
  ticketNumber,
  undrawnAxes,
} from '../../../shared/domain/boards';
import { feedIdOf } from '../../../shared/domain/feed-games';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { EntryBudget } from './entry-budget';
import type { BoardRow, BoardsRepo, ClaimResult, GameRow, NewEntry } from './repo';

export function newDrawSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedCommitment(seed) };
}

/** The next board's slug: `<first board's slug>-2`, `-3`, … (a first slug may itself end in a number). */
export function nextSlug(board: Pick<BoardRow, 'slug' | 'sequence'>): string {
  const base = board.sequence === 1 ? board.slug : board.slug.slice(0, -`-${board.sequence}`.length);
  return `${base}-${board.sequence + 1}`;
}

/** Board rules with their transactions: entries, placement, lifecycle and the public board view. */
/** A paid board holds an entry's cells for 15 minutes while its checkout is open. */
export const defaultHoldMs = 15 * 60_000;

/** Opens the checkout of a paid entry (the payments feature provides it). */
export type EntryCheckout = (input: {
  amountCents: number;
  description: string;
  heldUntil: Date;
  successPath: string;
  cancelPath: string;
}) => Promise<{ url: string; sessionId: string; paymentId: string }>;

/** What boards need of the feed's schedule: one game, or a 404 when the feed has no such game. */
export interface FeedGames {
  find(
    league: FeedLeague,
    eventId: string,
  ): Promise<{ league: string; eventId: string; teamA: string; teamB: string; startsAt: Date }>;
}

/** Who scored a period: the scores feed or an organizer. */
export type ResultSource = 'feed' | 'organizer';

/** An organizer's entry: the admin contract's fields without the board. */
export type AdminEntryInput = Omit<AdminAddEntryInput, 'boardSlug'> & { nickname: string };

export function createBoardsService(deps: {
  repo: BoardsRepo;
  clock: Clock;
  random: Random;
  holdMs?: number;
  checkout?: EntryCheckout;
  /** The per-address entry budget every public entry takes from (none: no address limit). */
  entryBudget?: Pick<EntryBudget, 'take'>;
  /** Entries one phone number may hold on one board (ENTRIES_PER_PHONE_PER_BOARD; none: no limit). */
  entriesPerPhone?: number;
  /** The feed's schedule (the feed feature): a game of it, or a 404 naming it. */
  feedGames?: FeedGames;
  /** The feed's last read of a game (`games.feed_id`), for the live score on the board. */
  liveGame?: (feedId: string) => Promise<BoardView['live']>;
}) {
  const { repo, clock, random } = deps;
  const holdMs = deps.holdMs ?? defaultHoldMs;
  const entriesPerPhone = deps.entriesPerPhone ?? null;

  async function load(slug: string) {
    const found = await repo.findBoard(slug);
    if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
    return found;
  }

  /**
   * Places an entry on random free cells in one `fangrid_claim` call (retrying the rare code clash),
   * opens the game's next board when this one fills, and starts the checkout when `opts.checkout`.
   */
  async function place(
    board: BoardRow,
    game: GameRow,
    entry: Omit<NewEntry, 'code'> & { nickname: string; createdAt: Date; ticketNumber: string },
    opts: { checkout: boolean; phoneLimit: number | null },
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
    };
    const full = () => new AppError(409, boardErrorCodes.full, entryMessages.full, { nextBoard: nextSlug(board) });
    // Twelve candidate codes almost never all clash (a board holds at most 100 of 17,576); retry if so.
    for (let attempt = 0; attempt < 5; attempt++) {
      let result: ClaimResult;
      try {
        result = await repo.claim(
          entry,
          codeCandidates(entry.nickname, random),
          cellsPerEntry,
          capacity,
          heldUntil,
          opts.phoneLimit,
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'P0001') throw full();
        throw err;
      }
      if (result.status === 'no-code') continue;
      if (result.status === 'full') {
        await openNext();
        throw full();
      }
      if (result.status === 'phone-limit') {
        const message = entryMessages.phoneLimit(result.limit);
        throw new AppError(409, boardErrorCodes.phoneLimit, message, { phone: message });
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

  return {
    /** Ends every hold past its time (run on a timer; each instance may run it, it is idempotent). */
    releaseExpiredHolds: () => repo.releaseHolds({ before: clock.now() }),

    /**
     * An entry's payment arrived. A held entry is confirmed. One released because its hold ended is
     * re-seated on free cells while the board is open and has room; otherwise it is refunded (the rule
     * every paid board shows). A cell is never held twice: re-seating takes the board's lock.
     */
    async onEntryPaid(paymentId: string): Promise<'confirmed' | 'reseated' | 'refund'> {
      if (await repo.confirmHeld(paymentId)) return 'confirmed';
      const entry = await repo.entryByPayment(paymentId);
      if (entry?.status !== 'released') return 'confirmed';
      const found = await repo.findBoardById(entry.boardId);
      if (!found) return 'refund';
      const open = boardStatus({ ...found.board, startsAt: found.game.startsAt, now: clock.now() }) === 'open';
      const { entries: capacity, cellsPerEntry } = boardFormats[found.board.format];
      const cells = await repo.reseat(entry.id, entry.boardId, cellsPerEntry, capacity, open);
      return cells ? 'reseated' : 'refund';
    },

    /** An entry's checkout failed or expired: its cells are released now. */
    async onEntryUnpaid(paymentId: string) {
      await repo.releaseHolds({ paymentId });
    },

    /** The entry a payment pays for: its code, ticket and cells (none once its hold was released). */
    async entryOfPayment(paymentId: string) {
      const entry = await repo.entryByPayment(paymentId);
      if (!entry) return undefined;
      const cells = await repo.cellsOfEntry(entry.id);
      return { code: entry.code, ticketNumber: entry.ticketNumber, cells };
    },

    async view(slug: string): Promise<BoardView> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, startsAt: game.startsAt, now: clock.now() });
      const drawn = status === 'locked' || status === 'settled';
      const [cells, entryCount, nextBoardSlug, resultRows, live] = await Promise.all([
        repo.cells(board.id),
        repo.entryCount(board.id),
        repo.nextBoardSlug(board),
        repo.results(board.id),
        game.feedId && deps.liveGame ? deps.liveGame(game.feedId) : null,
      ]);
      const results = board.prizeTable.flatMap((p) => {
        const found = resultRows.find((r) => r.result.period === p.key);
        if (!found) return [];
        const { result, code } = found;
        return [
          {
            period: p.key,
            label: p.label,
            teamAScore: result.teamAScore,
            teamBScore: result.teamBScore,
            cell: result.cell,
            code: result.entryId ? code : null,
            prizeCents: result.prizeCents,
            source: result.source,
          },
        ];
      });
      const axes = drawn ? drawAxes(board.seed) : undrawnAxes;
      return {
        slug: board.slug,
        game: {
          league: game.league,
          teamA: game.teamA,
          teamB: game.teamB,
          startsAt: game.startsAt.toISOString(),
          venue: game.venue,
        },
        format: board.format,
        status,
        closure: entryClosure({
          ...board,
          startsAt: game.startsAt,
          now: clock.now(),
          entryCount,
          capacity: boardFormats[board.format].entries,
        }),
        entryRule: board.entryRule,
        prizeTable: board.prizeTable,
        organization: board.organization,
        capacity: boardFormats[board.format].entries,
        entryCount,
        paymentRequired: board.paymentRequired,
        holdMinutes: Math.max(1, Math.round(holdMs / 60_000)),
        cells,
        seedHash: board.seedHash,
        seed: drawn ? board.seed : null,
        axes: { ...axes, drawn },
        nextBoardSlug,
        results,
        scoring: game.feedId ? 'feed' : 'manual',
        live,
      };
    },

    /**
     * The viewer's entries: Pending before the game, In Progress during it, Won or Lost once the board is
     * settled from the real results.
     */
    async myEntries(filter: { tickets: string[]; userId: string | null }): Promise<MyEntryView[]> {
      const now = clock.now();
      const rows = await repo.entriesFor(filter);
      return rows.map(({ entry, board, game, cells, wins }) => {
        const status = board.cancelledAt
          ? 'Cancelled'
          : board.settledAt
            ? wins.length > 0
              ? 'Won'
              : 'Lost'
            : now < game.startsAt
              ? 'Pending'
              : 'In Progress';
        return {
          ticketNumber: entry.ticketNumber,
          code: entry.code,
          boardSlug: board.slug,
          cells: cells.sort((a, b) => a - b),
          amountCents: entry.amountCents,
          donationCommitmentCents: entry.donationCommitmentCents,
          enteredAt: entry.createdAt.toISOString(),
          game: { league: game.league, teamA: game.teamA, teamB: game.teamB, startsAt: game.startsAt.toISOString() },
          status,
          wins: wins.map((w) => ({ period: w.period, prizeCents: w.prizeCents })),
        };
      });
    },

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
      await repo.setCommitment(match.entry.id, input.amountCents);
      return this.summary(match.entry.ticketNumber);
    },

    /** The Entry Summary for the donation success page, read from the server by ticket number. */
    async summary(ticketNumber: string): Promise<EntrySummary> {
      const row = await repo.entryWithGame(ticketNumber);
      if (!row) throw new AppError(404, boardErrorCodes.noMatchingEntry, 'We could not find that entry.');
      const orNot = (v: string | null) => (v?.trim() ? v : 'Not specified');
      return {
        ticketNumber: row.entry.ticketNumber,
        team: `${row.game.teamA} vs ${row.game.teamB}`,
        donationCommitmentCents: row.entry.donationCommitmentCents,
        organization: orNot(row.entry.organization),
        teamSupport: orNot(row.entry.teamSupport),
        gameCode: orNot(row.entry.gameCode),
        referralCode: orNot(row.entry.referralCode),
        entryDate: row.entry.createdAt.toISOString(),
      };
    },

    /** The board's id for live events, or a 404 for an unknown board. */
    async topicOf(slug: string): Promise<string> {
      return boardTopic((await load(slug)).board.id);
    },

    /** Admin: cancel a board; it takes no more entries and its entries show as Cancelled. */
    async cancel(slug: string): Promise<void> {
      const { board } = await load(slug);
      await repo.setCancelled(board.id, clock.now());
    },

    /**
     * Admin, on a service bound to a transaction: holds the board's claim lock until the transaction ends, so
     * a change to the board's entries never interleaves with a claim, on any server instance.
     */
    async lockClaims(boardId: string): Promise<void> {
      await repo.holdClaimLock(boardId);
    },

    /** Admin: deletes an entry; its cells are free again at once and live boards hear so. */
    async deleteEntry(entry: { id: string; boardId: string }): Promise<number[]> {
      return repo.deleteEntry(entry);
    },

    /** Admin: records that an entry's pledge was collected outside checkout (cash, transfer…). */
    async markPledgeCollected(entryId: string, at: Date): Promise<void> {
      await repo.markPledgeCollected(entryId, at);
    },

    /**
     * Admin: creates a board on an existing game or a new one (named after the board, or `<slug>-game` when
     * that is taken); the game's next board number is its sequence and it gets a fresh draw seed.
     */
    async createBoard(input: CreateBoardInput): Promise<{ board: BoardRow; game: GameRow }> {
      if (await repo.slugTaken('boards', input.slug)) {
        throw new AppError(409, adminErrorCodes.slugTaken, 'A board with this address already exists.', {
          slug: 'Already taken: choose another address',
        });
      }
      let game: GameRow | undefined;
      if (input.gameId) {
        game = await repo.gameById(input.gameId);
        if (!game) {
          throw new AppError(400, adminErrorCodes.gameNotFound, 'That game does not exist.', {
            gameId: 'Choose a game from the list',
          });
        }
      } else if (input.game) {
        const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
        game = await repo.insertGame({ ...input.game, slug: gameSlug, startsAt: new Date(input.game.startsAt) });
      } else if (input.feedGame) {
        // The feed's game: the games row already linked to it, or a new one with the feed's teams and start.
        if (!deps.feedGames) throw new Error('createBoard: boards on feed games need the feed');
        const { league, eventId } = input.feedGame;
        const fed = await deps.feedGames.find(league, eventId);
        const feedId = feedIdOf(league, eventId);
        game = await repo.gameByFeedId(feedId);
        if (!game) {
          const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
          game = await repo.insertGame({
            slug: gameSlug,
            league: league.toUpperCase(),
            teamA: fed.teamA,
            teamB: fed.teamB,
            startsAt: fed.startsAt,
            venue: `${fed.teamA} (home)`,
            feedId,
          });
        }
      }
      if (!game) throw new Error('createBoard: no game');
      const { seed, seedHash } = newDrawSeed();
      const board = await repo.insertBoard({
        slug: input.slug,
        gameId: game.id,
        sequence: await repo.nextSequence(game.id),
        format: input.format,
        entryRule: input.entryRule,
        prizeTable: input.prizeTable,
        organization: input.organization,
        paymentRequired: input.paymentRequired,
        seed,
        seedHash,
      });
      return { board, game };
    },

    /** The scores feed: the game was postponed to `startsAt` (its boards open and lock by the new time). */
    async moveGame(gameId: string, startsAt: Date): Promise<void> {
      await repo.setGameStart(gameId, startsAt);
    },

    /** Admin: lock a board before the game starts (the draw is revealed from then on). */
    async lock(slug: string): Promise<void> {
      const { board } = await load(slug);
      await repo.setLocked(board.id, clock.now(), { axes: drawAxes(board.seed) });
    },

    /**
     * Admin (or the scores feed): record a period's statistics. Winners are recomputed for every scored
     * period, since an empty cell's prize rolls into the next one; the same score again changes nothing;
     * a different score replaces the winner and is logged. An organizer's score for a period wins over the
     * feed's: feed data for a period an organizer scored (or confirmed) changes nothing.
     */
    async score(
      slug: string,
      input: ScoreInput,
      source: ResultSource = 'organizer',
    ): Promise<{ before: { teamAScore: number; teamBScore: number } | null; changed: boolean }> {
      const { board, game } = await load(slug);
      const now = clock.now();
      const status = boardStatus({ ...board, startsAt: game.startsAt, now });
      if (status !== 'locked' && status !== 'settled') {
        throw new AppError(409, boardErrorCodes.notLocked, 'Scores are entered once the board is locked.');
      }
      if (!board.prizeTable.some((p) => p.key === input.period)) {
        throw new AppError(400, boardErrorCodes.unknownPeriod, `This board has no period "${input.period}".`, {
          period: `One of: ${board.prizeTable.map((p) => p.key).join(', ')}`,
        });
      }
      return repo.withBoardLock(board.id, async (tx) => {
        const existing = await repo.resultRows(tx, board.id);
        const previous = existing.find((r) => r.period === input.period);
        const before = previous ? { teamAScore: previous.teamAScore, teamBScore: previous.teamBScore } : null;
        if (previous && source === 'feed' && previous.source === 'organizer') return { before, changed: false };
        if (previous && previous.teamAScore === input.teamAScore && previous.teamBScore === input.teamBScore) {
          // An organizer entering the feed's score confirms it: from now on it is the organizer's.
          if (source === 'organizer' && previous.source === 'feed') {
            await repo.setResultSource(tx, board.id, input.period, 'organizer');
          }
          return { before, changed: false };
        }
        const results = [
          ...existing.filter((r) => r.period !== input.period),
          { period: input.period, teamAScore: input.teamAScore, teamBScore: input.teamBScore, source },
        ].map((r) => ({ key: r.period, teamAScore: r.teamAScore, teamBScore: r.teamBScore, source: r.source }));
        const holders = await repo.holders(tx, board.id);
        const computed = awards(drawAxes(board.seed), board.prizeTable, results, (cell) => holders.get(cell) ?? null);
        await repo.saveResults(
          tx,
          computed.map((a) => {
            const r = results.find((x) => x.key === a.period);
            return {
              boardId: board.id,
              period: a.period,
              teamAScore: r?.teamAScore ?? 0,
              teamBScore: r?.teamBScore ?? 0,
              cell: a.cellIndex,
              entryId: a.entryId,
              prizeCents: a.prizeCents,
              recordedAt: now,
              source: r?.source ?? source,
            };
          }),
        );
        const index = board.prizeTable.findIndex((p) => p.key === input.period);
        const award = computed.find((a) => a.period === input.period);
        // Scored after a period still unscored, it waits for that one (as the awards do) and announces nothing yet.
        if (award) {
          await repo.publishScored(tx, board.id, {
            period: input.period,
            label: board.prizeTable[index]?.label ?? input.period,
            index,
            teamAScore: input.teamAScore,
            teamBScore: input.teamBScore,
            cell: award.cellIndex,
            code: award.entryId ? await repo.codeOf(tx, award.entryId) : null,
          });
        }
        await repo.logResultChange(tx, {
          boardId: board.id,
          period: input.period,
          before,
          after: { teamAScore: input.teamAScore, teamBScore: input.teamBScore },
          at: now,
          source,
        });
        const allScored = board.prizeTable.every((p) => computed.some((a) => a.period === p.key));
        await repo.setSettled(tx, board.id, allScored ? now : null);
        return { before, changed: true };
      });
    },

    /**
     * A fan's entry. A replayed request (same idempotency key) answers with the entry it made, also once the
     * board has closed or the address has used its budget, and counts nothing. Otherwise the entry takes one
     * from its address's budget (429 past it) and is refused when its phone number already holds the most
     * entries one number may have on this board (counted in the claim, under the board's lock).
     */
    async enter(
      slug: string,
      input: CreateEntryInput,
      viewer: { userId: string | null; address: string },
    ): Promise<EntryCreated> {
      const { board, game } = await load(slug);
      /** The entry an earlier request with this key made (looked up only when about to refuse). */
      const replayOf = async (): Promise<EntryCreated | null> => {
        const earlier = await repo.entryByKey(board.id, input.idempotencyKey);
        return earlier
          ? {
              id: earlier.id,
              boardSlug: board.slug,
              code: earlier.code,
              ticketNumber: earlier.ticket,
              cells: earlier.cells,
              amountCents: earlier.amount,
            }
          : null;
      };
      const now = clock.now();
      const { entries: capacity } = boardFormats[board.format];
      const closure = entryClosure({
        ...board,
        startsAt: game.startsAt,
        now,
        // Only a locked board needs its count: locked because it filled, or by an organizer.
        entryCount: board.lockedAt && now < game.startsAt ? await repo.entryCount(board.id) : 0,
        capacity,
      });
      if (closure) {
        const replayed = await replayOf();
        if (replayed) return replayed;
        if (closure === 'full') {
          throw new AppError(409, boardErrorCodes.full, entryMessages.full, {
            nextBoard: (await repo.nextBoardSlug(board)) ?? '',
          });
        }
        if (closure === 'locked') throw new AppError(409, boardErrorCodes.locked, entryMessages.locked);
        throw new AppError(409, boardErrorCodes.notOpen, entryMessages[closure]);
      }
      const problem = amountProblem(board.entryRule, input.amountCents ?? null);
      if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });

      const paid = board.paymentRequired;
      if (paid && !input.amountCents) {
        throw new AppError(400, boardErrorCodes.amount, 'Choose a support amount.', {
          amountCents: 'Choose a support amount.',
        });
      }
      let budget: { giveBack(): Promise<void> } | undefined;
      try {
        budget = await deps.entryBudget?.take(viewer.address);
      } catch (err) {
        const replayed = await replayOf();
        if (replayed) return replayed;
        throw err;
      }
      const created = await place(
        board,
        game,
        {
          boardId: board.id,
          userId: viewer.userId,
          phone: input.phone,
          nickname: input.nickname,
          amountCents: input.amountCents ?? null,
          teamSupport: input.teamSupport || null,
          organization: input.organization || board.organization,
          referralCode: input.referralCode || null,
          gameCode: input.gameCode || null,
          ticketNumber: ticketNumber(random),
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        },
        { checkout: paid, phoneLimit: entriesPerPhone },
      );
      // The same request twice at once: the second found the first's entry in the claim; it counts once.
      const { replayed, ...entry } = created;
      if (replayed) await budget?.giveBack();
      return entry;
    },

    /**
     * Admin: an organizer adds an entry for a fan (say, paid in cash at the venue) while the
     * board is scheduled or open. It takes random free cells like any entry, never a checkout.
     */
    async addEntry(slug: string, input: AdminEntryInput): Promise<EntryCreated & { replayed?: true }> {
      const { board, game } = await load(slug);
      const now = clock.now();
      const status = boardStatus({ ...board, startsAt: game.startsAt, now });
      if (status !== 'scheduled' && status !== 'open') {
        throw new AppError(409, boardErrorCodes.closed, 'Entries can only be added before the board locks.');
      }
      const amountCents = input.amountCents || null;
      const problem = amountCents === null ? null : amountProblem(board.entryRule, amountCents);
      if (problem) throw new AppError(400, boardErrorCodes.amount, problem, { amountCents: problem });
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
        },
        // An organizer's entry (cash at the venue, say) is not limited per number; it still counts
        // towards that number's entries when the fan enters on their own.
        { checkout: false, phoneLimit: null },
      );
      await repo.markAddedByAdmin(created.id);
      return created;
    },
  };
}
export type BoardsService = ReturnType<typeof createBoardsService>;
