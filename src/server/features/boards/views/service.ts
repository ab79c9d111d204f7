import { awardKinds } from '../../../../shared/contracts/awards';
import { boardTopic } from '../../../../shared/contracts/board-events';
import type { EntrySummary, MyEntryView } from '../../../../shared/contracts/board-responses';
import { type BoardView, boardErrorCodes } from '../../../../shared/contracts/boards';
import { boardFormats, boardStatus, drawAxes, entryClosure, undrawnAxes } from '../../../../shared/domain/boards';
import { AppError } from '../../../http/errors';
import { type BoardContext, gameTimes, waitingForOfficialScore } from '../board-context';
import type { BoardReads } from '../board-reads';
import type { ViewsRepo } from './repo';

/** The SQL the views part uses (views/repo.ts and the shared reads). */
export type ViewsSql = Pick<
  BoardReads,
  'readAll' | 'cells' | 'entryCount' | 'nextBoardSlug' | 'results' | 'entriesFor'
> &
  ViewsRepo;

/**
 * The views part of the boards service: what fans and organizers read (the board, its sheet's state, My
 * entries, an entry's summary) and the topics of its live events.
 */
export function createViews(ctx: BoardContext, repo: ViewsSql) {
  const { deps, clock, holdMs, load, legalOf, drawnAt } = ctx;

  return {
    async view(slug: string): Promise<BoardView> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      const drawn = status === 'locked' || status === 'settled' || status === 'voided';
      const feedId = game.feedId && deps.liveGame && !board.manualScoring ? game.feedId : null;
      const [cells, entryCount, nextBoardSlug, resultRows, live, runBy] = await repo.readAll([
        () => repo.cells(board.id),
        () => repo.entryCount(board.id),
        () => repo.nextBoardSlug(board),
        () => repo.results(board.id),
        async () => (feedId && deps.liveGame ? deps.liveGame(feedId) : null),
        () => repo.runBy(board.organizationId),
      ]);
      const results = board.prizeTable.flatMap((p) => {
        const rows = resultRows
          .filter((r) => r.result.period === p.key)
          .sort((a, b) => awardKinds.indexOf(a.result.kind) - awardKinds.indexOf(b.result.kind));
        // The period's own fields are its main award's.
        const found = rows.find((r) => r.result.kind === 'main');
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
            confirmedAt: result.confirmedAt?.toISOString() ?? null,
            correctedAt: result.correctedAt?.toISOString() ?? null,
            awards: rows.map((r) => ({
              kind: r.result.kind,
              cell: r.result.cell,
              code: r.result.entryId ? r.code : null,
              prizeCents: r.result.prizeCents,
            })),
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
          ...gameTimes(game),
          now: clock.now(),
          entryCount,
          capacity: boardFormats[board.format].entries,
        }),
        entryRule: board.entryRule,
        prizeTable: board.prizeTable,
        organization: board.organization,
        runBy,
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
        scoring: game.feedId && !board.manualScoring ? 'feed' : 'manual',
        // A read the feed could not give (failed, timed out, contradicted itself) keeps the last usable score.
        live: live && board.feedProblem ? { ...live, status: waitingForOfficialScore } : live,
        notice: board.notice,
        voidReason: board.voidReason,
        unfilled: { policy: board.unfilledPolicy, minEntries: board.minEntries },
        claimWindowDays: board.claimWindowDays,
        payoutMethods: board.payoutMethods,
        mode: board.mode,
        legal: legalOf(board),
      };
    },

    /**
     * What the board's printable sheet shows, as a fingerprint (two queries, not the whole board: a cached
     * sheet is served on it), and the board's last recorded change, which the sheet prints.
     */
    async sheetState(slug: string): Promise<{ slug: string; fingerprint: string; changedAt: Date }> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      const { digest, changedAt } = await repo.sheetDigest(board.id);
      // The seed stays out (secret until the lock): the status says whether the digits are drawn.
      const shown = [board.format, board.prizeTable, board.organization, board.seedHash, status];
      const fingerprint = JSON.stringify([...shown, game.league, game.teamA, game.teamB, game.venue, digest]);
      return { slug: board.slug, fingerprint, changedAt };
    },

    /** The legal settings of a board (admin board responses carry them too). */
    legalOf,

    /**
     * The viewer's entries: Pending until the board locks, In Progress from its lock (the game's start, the feed
     * showing the game under way, or an organizer locking it early), Won or Lost once the board is settled
     * from the real results; Deleted or Refunded once an organizer took it off its board. A paid board's entry
     * is Awaiting payment while its cells are held for its checkout, and Not paid once the hold ended unpaid
     * (the checkout cancelled or expired; Refunded when a late payment was given back).
     */
    async myEntries(filter: { tickets: string[]; userId: string | null }): Promise<MyEntryView[]> {
      const now = clock.now();
      const rows = await repo.entriesFor(filter);
      const prizes = deps.prizes ? await deps.prizes.ofEntries(rows.map((r) => r.entry.id)) : new Map();
      return rows.map(({ entry, board, game, cells, wins, paymentStatus }) => {
        const status: MyEntryView['status'] = entry.removedHow
          ? entry.removedHow === 'deleted'
            ? 'Deleted'
            : 'Refunded'
          : entry.status === 'released'
            ? paymentStatus === 'refunded'
              ? 'Refunded'
              : 'Not paid'
            : board.cancelledAt
              ? 'Cancelled'
              : entry.status === 'held'
                ? 'Awaiting payment'
                : board.settledAt || board.voidedAt
                  ? wins.length > 0
                    ? 'Won'
                    : 'Lost'
                  : boardStatus({ ...gameTimes(game), now, lockedAt: board.lockedAt }) === 'locked'
                    ? 'In Progress'
                    : 'Pending';
        return {
          ticketNumber: entry.ticketNumber,
          code: entry.code,
          boardSlug: board.slug,
          cells: cells.sort((a, b) => a - b),
          axes: drawnAt(board, game) ? drawAxes(board.seed) : null,
          amountCents: entry.amountCents,
          donationCommitmentCents: entry.donationCommitmentCents,
          enteredAt: entry.createdAt.toISOString(),
          game: { league: game.league, teamA: game.teamA, teamB: game.teamB, startsAt: game.startsAt.toISOString() },
          status,
          wins: wins.map((w) => ({
            period: w.period,
            // The period as the board's prize table names it ('2nd quarter', not 'q2').
            label: board.prizeTable.find((p) => p.key === w.period)?.label ?? w.period,
            prizeCents: w.prizeCents,
          })),
          prizes: prizes.get(entry.id) ?? [],
        };
      });
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

    /** The live-events topic of each of these boards, in order; 404 naming the first slug no board has. */
    async topicsOf(slugs: readonly string[]): Promise<{ slug: string; topic: string }[]> {
      const ids = await repo.boardIdsBySlug(slugs);
      const missing = slugs.find((slug) => !ids.has(slug));
      if (missing !== undefined) {
        throw new AppError(404, boardErrorCodes.notFound, `We could not find the game board "${missing}".`, {
          boards: `No game board "${missing}".`,
        });
      }
      return slugs.map((slug) => ({ slug, topic: boardTopic(ids.get(slug) as string) }));
    },
  };
}
