import { adminErrorCodes } from '../../../../shared/contracts/admin';
import { boardErrorCodes, type ScoreInput, type ScorePreview } from '../../../../shared/contracts/boards';
import { errorCodes } from '../../../../shared/contracts/errors';
import { awards, boardStatus, cellIndex, drawAxes, winningCell } from '../../../../shared/domain/boards';
import { scoreInputProblems, scoreSportOf } from '../../../../shared/domain/score-limits';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { type BoardContext, gameTimes, type ResultSource } from '../board-context';
import type { BoardReads, BoardRow, GameRow } from '../board-reads';
import type { BoardEnds } from '../ends';
import type { ScoringRepo } from './repo';

/** The SQL the scoring part uses (scoring/repo.ts and the shared reads). */
export type ScoringSql = Pick<BoardReads, 'withBoardLock' | 'readAll' | 'cells' | 'results'> & ScoringRepo;

/** The scoring part of the boards service: a period's score, its preview, and an organizer's confirmation. */
export function createScoring(
  ctx: BoardContext,
  repo: ScoringSql,
  ends: Pick<BoardEnds, 'refuseScoring' | 'refuseScoringUnder'>,
) {
  const { deps, clock, load, loadWithStatus } = ctx;

  /** Refuses a period the board's prize table does not have (400, naming the periods it has). */
  function refusePeriod(board: BoardRow, period: string) {
    if (!board.prizeTable.some((p) => p.key === period)) {
      throw new AppError(400, boardErrorCodes.unknownPeriod, `This board has no period "${period}".`, {
        period: `One of: ${board.prizeTable.map((p) => p.key).join(', ')}`,
      });
    }
  }

  /** Refuses typed scores outside the board's sport's range (domain/score-limits), with each field's message. */
  function refuseScores(board: BoardRow, game: GameRow, input: ScoreInput) {
    const sport = scoreSportOf({ league: game.league, prizeKeys: board.prizeTable.map((p) => p.key) });
    const problems = scoreInputProblems(input, sport);
    const [first] = Object.values(problems);
    if (first) throw new AppError(400, errorCodes.validation, first, problems);
  }

  return {
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
      const { board, game, now, status } = await loadWithStatus(slug);
      ends.refuseScoring(status);
      if (status !== 'locked' && status !== 'settled') {
        throw new AppError(409, boardErrorCodes.notLocked, 'Scores are entered once the board is locked.');
      }
      refusePeriod(board, input.period);
      // An organizer's typed score is checked against the sport's range; the feed's data is taken as it reads.
      if (source === 'organizer') refuseScores(board, game, input);
      return repo.withBoardLock(board.id, async (tx) => {
        // Again under the lock: a board cancelled or voided on another instance meanwhile awards nothing.
        await ends.refuseScoringUnder(tx, board.id);
        // The period's score is on its main award's row (every award row of a period carries the same score).
        const existing = (await repo.resultRows(tx, board.id)).filter((r) => r.kind === 'main');
        const previous = existing.find((r) => r.period === input.period);
        const before = previous ? { teamAScore: previous.teamAScore, teamBScore: previous.teamBScore } : null;
        // The organizer is in charge: feed data never changes a period an organizer scored or confirmed.
        if (previous && source === 'feed' && (previous.source === 'organizer' || previous.confirmedAt)) {
          return { before, changed: false };
        }
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
              kind: 'main' as const,
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
        if (previous) await repo.markCorrected(tx, board.id, input.period, now);
        const index = board.prizeTable.findIndex((p) => p.key === input.period);
        const award = computed.find((a) => a.period === input.period);
        // Scored after a period still unscored, it waits for that one (as the awards do) and announces nothing yet.
        if (award) {
          const code = award.entryId ? await repo.codeOf(tx, award.entryId) : null;
          await repo.publishScored(tx, board.id, {
            period: input.period,
            label: board.prizeTable[index]?.label ?? input.period,
            index,
            teamAScore: input.teamAScore,
            teamBScore: input.teamBScore,
            cell: award.cellIndex,
            code,
            awards: [{ kind: 'main', cell: award.cellIndex, code, prizeCents: award.prizeCents }],
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
        if (deps.prizes) {
          await deps.prizes.afterScoring(tx as unknown as Db, {
            boardId: board.id,
            period: input.period,
            corrected: Boolean(previous),
            now,
            awards: computed.map((a) => {
              const r = results.find((x) => x.key === a.period);
              const base = board.prizeTable.find((p) => p.key === a.period)?.prizeCents ?? 0;
              return {
                period: a.period,
                kind: 'main' as const,
                entryId: a.entryId,
                prizeCents: a.prizeCents,
                teamAScore: r?.teamAScore ?? 0,
                teamBScore: r?.teamBScore ?? 0,
                cellIndex: a.cellIndex,
                rolledOverCents: a.entryId ? Math.max(0, a.prizeCents - base) : 0,
              };
            }),
          });
        }
        return { before, changed: true };
      });
    },

    /**
     * Admin: what entering this score for a period would do, without saving anything: the period's score and
     * the code on its winning cell as they stand (null while unscored) and as they would be. The same checks as
     * scoring (the board is locked or settled, the period is the board's, the scores fit the sport).
     */
    async previewScore(slug: string, input: ScoreInput): Promise<ScorePreview> {
      const { board, game } = await load(slug);
      const status = boardStatus({ ...board, ...gameTimes(game), now: clock.now() });
      if (status !== 'locked' && status !== 'settled') {
        throw new AppError(409, boardErrorCodes.notLocked, 'Scores are entered once the board is locked.');
      }
      refusePeriod(board, input.period);
      refuseScores(board, game, input);
      const axes = drawAxes(board.seed);
      const [cells, results] = await repo.readAll([() => repo.cells(board.id), () => repo.results(board.id)]);
      const holderOf = new Map(cells.map((c) => [c.cell, c.code]));
      const { row, column } = winningCell(axes, input.teamAScore, input.teamBScore);
      const cell = cellIndex(row, column);
      const found = results.find((r) => r.result.period === input.period && r.result.kind === 'main');
      return {
        period: input.period,
        current: found
          ? {
              teamA: found.result.teamAScore,
              teamB: found.result.teamBScore,
              cell: found.result.cell,
              winnerCode: found.result.entryId ? found.code : null,
            }
          : null,
        next: { teamA: input.teamAScore, teamB: input.teamBScore, cell, winnerCode: holderOf.get(cell) ?? null },
      };
    },

    /**
     * Admin: confirms a period's score as it stands (the feed no longer changes it). 404 for a period the
     * board does not have, 409 when the period has no score yet. Answers whether this call confirmed it.
     */
    async confirmResult(slug: string, period: string): Promise<boolean> {
      const { board } = await load(slug);
      if (!board.prizeTable.some((p) => p.key === period)) {
        throw new AppError(404, boardErrorCodes.unknownPeriod, `This board has no period "${period}".`);
      }
      const rows = await repo.results(board.id);
      if (!rows.some((r) => r.result.period === period)) {
        throw new AppError(
          409,
          adminErrorCodes.noResult,
          'This period has no score yet, so there is nothing to confirm.',
        );
      }
      return repo.confirmResult(board.id, period, clock.now());
    },
  };
}
