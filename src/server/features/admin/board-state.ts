import type { AdminBoardSummary } from '../../../shared/contracts/admin';
import {
  type BoardEndPreview,
  type BoardEndState,
  cancelRefusal,
  voidRefusal,
} from '../../../shared/contracts/board-ends';
import { boardErrorCodes } from '../../../shared/contracts/boards';
import { entryMoneyOnCancel } from '../../../shared/domain/board-ends';
import { unfilledOutcome } from '../../../shared/domain/boards';
import { AppError } from '../../http/errors';
import { createBoardStateRepo } from './board-state-repo';
import type { Actor, AdminBoardOpsDeps } from './ops-common';
import { statusOf, summary } from './present';

type PrizeState = BoardEndPreview['void']['prizes'][number]['state'];

/**
 * Voiding a board (an organizer's, audited) and what cancelling, locking or voiding it would do now: the
 * figures every confirmation dialog of the boards screen shows. The rules themselves are the boards
 * feature's (boards/ends.ts), checked under the board's lock; the preview says what they would decide.
 */
export function createAdminBoardState(
  deps: AdminBoardOpsDeps & {
    /** What follows a void once its transaction has committed (the entrants' texts and emails). */
    afterVoid?: (slug: string) => Promise<unknown>;
  },
) {
  const { db, repo, clock } = deps;
  const reads = createBoardStateRepo(db);

  async function boardOr404(slug: string) {
    const [found] = await repo.boardList({ slug });
    if (!found) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
    return found;
  }

  return {
    /**
     * Voids a board after part of its game was played, with the organizer's reason (what its entrants are
     * told), audited with its status before and after; voiding it again changes nothing and is not logged
     * twice. Refused (409) before any period is scored, on a settled board and on a cancelled one.
     */
    async voidBoard(actor: Actor, slug: string, reason: string): Promise<AdminBoardSummary> {
      let voidedNow = false;
      const result = await db.transaction(async (tx) => {
        const [before] = await repo.boardList({ slug }, tx);
        if (!before) throw new AppError(404, boardErrorCodes.notFound, 'We could not find that game board.');
        voidedNow = await deps.boardsIn(tx).voidBoard(slug, reason);
        const [found] = await repo.boardList({ slug }, tx);
        if (!found) throw new Error(`board ${slug} vanished in its own transaction`);
        const after = summary(found.board, found.game, found.entryCount, clock.now(), deps.excludedStates);
        if (voidedNow) {
          await repo.audit(tx, {
            at: clock.now(),
            actor,
            action: 'board.void',
            target: slug,
            before: { status: statusOf(before.board, before.game, clock.now()), voidReason: null },
            after: { status: after.status, voidReason: reason },
          });
        }
        return after;
      });
      // The entrants are told once, when this call voided the board.
      if (voidedNow) await deps.afterVoid?.(slug);
      return result;
    },

    /** What cancelling, locking or voiding the board would do now, to its money and its people. */
    async endPreview(slug: string): Promise<BoardEndPreview> {
      const { board, game } = await boardOr404(slug);
      const [rows, results, prizeRows] = await Promise.all([
        reads.entries(board.id),
        reads.results(board.id),
        reads.prizes(board.id),
      ]);
      const now = clock.now();
      const state: BoardEndState = {
        cancelled: board.cancelledAt !== null,
        voided: board.voidedAt !== null,
        settled: board.settledAt !== null,
        scored: results.length > 0,
      };
      const confirmed = rows.filter((r) => r.status === 'confirmed');

      const refunds = { count: 0, cents: 0 };
      const cashToReturn = { count: 0, cents: 0 };
      let nothingOwed = 0;
      for (const e of confirmed) {
        const money = entryMoneyOnCancel(e);
        if (money.checkoutCents > 0 && !money.refunded) {
          refunds.count++;
          refunds.cents += money.checkoutCents;
        }
        if (money.cashCents > 0) {
          cashToReturn.count++;
          cashToReturn.cents += money.cashCents;
        }
        if (money.checkoutCents === 0 && money.cashCents === 0) nothingOwed++;
      }

      const byText = (e: (typeof confirmed)[number]) => Boolean(e.phone && e.smsConsent);
      const byEmail = (e: (typeof confirmed)[number]) => Boolean(e.email?.includes('@'));
      const reached = confirmed.filter((e) => byText(e) || byEmail(e)).length;
      const told = {
        entries: confirmed.length,
        byEmail: confirmed.filter(byEmail).length,
        byText: confirmed.filter(byText).length,
        reached,
        unreachable: confirmed.length - reached,
      };

      const status = statusOf(board, game, now);
      const cancelNo = cancelRefusal(state);
      const voidNo = voidRefusal(state);
      const labelOf = (period: string) => board.prizeTable.find((p) => p.key === period)?.label ?? period;
      const prizes = prizeRows.map((p) => ({
        period: p.period,
        label: labelOf(p.period),
        prizeCents: p.prizeCents,
        state: prizeStateOf(p.state, p.expiresAt, now),
        code: p.code,
        nickname: p.nickname,
      }));
      const scoredPeriods = new Set(results.map((r) => r.period));
      const tableCents = board.prizeTable.reduce((sum, p) => sum + p.prizeCents, 0);
      const awardedCents = results.reduce((sum, r) => sum + r.prizeCents, 0);
      return {
        slug: board.slug,
        status,
        scored: state.scored,
        told,
        cancel: {
          allowed: !state.cancelled && cancelNo === null,
          refusal: state.cancelled ? 'This board is already cancelled.' : (cancelNo?.message ?? null),
          refunds,
          cashToReturn,
          nothingOwed,
        },
        lock: {
          allowed: status === 'scheduled' || status === 'open',
          outcome: unfilledOutcome(board.unfilledPolicy, board.minEntries, rows.length),
          entries: rows.length,
          minEntries: board.minEntries,
          digitsTexted: confirmed.filter((e) => e.seated && byText(e)).length,
        },
        void: {
          allowed: !state.voided && voidNo === null,
          refusal: state.voided ? 'This board is already voided.' : (voidNo?.message ?? null),
          prizes,
          paidCents: sumOf(prizes, 'paid'),
          owedCents: sumOf(prizes, 'owed'),
          unscored: board.prizeTable
            .filter((p) => !scoredPeriods.has(p.key))
            .map((p) => ({ period: p.key, label: p.label, prizeCents: p.prizeCents })),
          // What the awarded prizes leave of the table: the unscored periods and what rolled on to them.
          toCauseCents: Math.max(0, tableCents - awardedCents),
          cause: board.beneficiary ?? board.organization,
        },
      };
    },
  };
}

/** A prize as the void screen shows it: paid, owed (unclaimed within its window, or claimed), given back, expired. */
function prizeStateOf(state: string, expiresAt: Date, now: Date): PrizeState {
  if (state === 'paid' || state === 'given-back' || state === 'expired') return state;
  if (state === 'unclaimed' && expiresAt <= now) return 'expired';
  return 'owed';
}

const sumOf = (prizes: { state: PrizeState; prizeCents: number }[], state: PrizeState) =>
  prizes.filter((p) => p.state === state).reduce((sum, p) => sum + p.prizeCents, 0);
