import type { MyEntryPrize } from '../../../shared/contracts/prize-responses';
import { describeCell, scoreDigits } from '../../../shared/domain/cells';
import { formatCents } from '../../../shared/domain/money';
import type { Db } from '../../db/client';
import type { BoardPrizes, ScoredAward } from '../boards';
import { type ClaimUrl, DAY_MS, labelOf, type PrizesDeps, publishPrize, titleOf } from './common';
import type { createPrizeNotices } from './notify';
import type { PrizeRow } from './repo';

/**
 * Prizes made from a board's awards and kept in step with its corrections, and what each entry has won (the
 * board port's scoring side).
 */
export function createPrizeAwards(
  deps: Pick<PrizesDeps, 'repo' | 'clock' | 'audit'>,
  links: { claimUrl: ClaimUrl; text: ReturnType<typeof createPrizeNotices>['text'] },
) {
  const { repo, clock, audit } = deps;
  const { claimUrl, text } = links;

  function winText(args: {
    title: string;
    label: string;
    game: { teamA: string; teamB: string };
    award: ScoredAward;
    prize: PrizeRow;
  }) {
    const { award, prize } = args;
    const rolled =
      award.rolledOverCents > 0
        ? ` (includes ${formatCents(award.rolledOverCents)} rolled over from earlier periods)`
        : '';
    return (
      `FanGrid: you won the ${args.label} on ${args.title}! Score ${args.game.teamA} ${award.teamAScore}, ` +
      `${args.game.teamB} ${award.teamBScore}. Prize ${formatCents(prize.prizeCents)}${rolled}. ` +
      `Claim it by ${prize.expiresAt.toISOString().slice(0, 10)}: ${claimUrl(prize)}`
    );
  }

  /** The board port's scoring side, bound to the database handle (or transaction) the boards service uses. */
  return (qdb: Db): Pick<BoardPrizes, 'afterScoring' | 'ofEntries'> => ({
    /**
     * Keeps the board's prizes in step with its awards, in the scoring's transaction. A new winner gets a prize
     * and a text. When a correction moves a win, an unclaimed prize is re-pointed to the new winner (a fresh
     * claim window; the earlier winner is told), while a prize already claimed, paid or given back keeps its
     * winner and is flagged for the organizer (audited). A corrected score with the same winner is told too.
     */
    async afterScoring(tx, input) {
      const found = await repo.board(tx, input.boardId);
      if (!found) return;
      const { board, game } = found;
      const title = titleOf(game);
      for (const award of input.awards) {
        const label = labelOf(board.prizeTable, award.period);
        const existing = await repo.forPeriod(tx, board.id, award.period, award.kind);
        const expiresAt = new Date(input.now.getTime() + board.claimWindowDays * DAY_MS);
        /** Texts the prize's new winner (once per version of the prize), then publishes it as unclaimed. */
        const announceWin = async (prize: Awaited<ReturnType<typeof repo.insert>>, entryId: string) => {
          const entry = await repo.entry(tx, entryId);
          if (prize && entry) {
            await text(
              tx,
              `win:${prize.id}:${prize.version}:${entry.id}`,
              entry,
              winText({ title, label, game, award, prize }),
              `You won the ${label} on ${title}`,
            );
          }
          await publishPrize(tx, board.id, award.period, 'unclaimed');
        };
        if (!existing) {
          if (!award.entryId) continue;
          const made = await repo.insert(tx, {
            boardId: board.id,
            period: award.period,
            kind: award.kind,
            entryId: award.entryId,
            prizeCents: award.prizeCents,
            expiresAt,
            createdAt: input.now,
          });
          if (!made) continue;
          await announceWin(made, award.entryId);
          continue;
        }
        const open = existing.state === 'unclaimed' || existing.state === 'expired';
        if (award.entryId === existing.entryId) {
          if (open && award.prizeCents !== existing.prizeCents) {
            await repo.update(tx, existing.id, { prizeCents: award.prizeCents });
          }
          if (input.corrected && award.period === input.period) {
            const entry = await repo.entry(tx, existing.entryId);
            if (entry) {
              await text(
                tx,
                `correction:${existing.id}:${input.now.getTime()}:${entry.id}`,
                entry,
                `FanGrid correction: the ${label} score on ${title} is now ${game.teamA} ${award.teamAScore}, ${game.teamB} ${award.teamBScore}. You still win it.`,
                `Score corrected: ${title}`,
              );
            }
          }
          continue;
        }
        // The win moved (or went to an empty cell, its prize rolling on).
        const before = await repo.entry(tx, existing.entryId);
        if (open) {
          if (before) {
            await text(
              tx,
              `correction:${existing.id}:${input.now.getTime()}:${before.id}`,
              before,
              `FanGrid correction: the ${label} score on ${title} was corrected to ${game.teamA} ${award.teamAScore}, ${game.teamB} ${award.teamBScore}, so your entry no longer wins it. Sorry for the mix-up.`,
              `Score corrected: ${title}`,
            );
          }
          if (!award.entryId) {
            await repo.remove(tx, existing.id);
            continue;
          }
          const moved = await repo.update(tx, existing.id, {
            entryId: award.entryId,
            prizeCents: award.prizeCents,
            state: 'unclaimed',
            expiresAt,
            version: existing.version + 1,
            codeHash: null,
            codeExpiresAt: null,
            reviewNote: null,
          });
          await announceWin(moved, award.entryId);
          continue;
        }
        const holder = award.entryId ? await repo.entry(tx, award.entryId) : undefined;
        const cell = describeCell(game, award.cellIndex, scoreDigits(award.teamAScore, award.teamBScore));
        const note =
          `Re-scored on ${input.now.toISOString().slice(0, 10)} after it was ${existing.state}: the winning cell ` +
          `is now ${cell}, ${holder ? `held by ${holder.code} (${holder.nickname})` : 'an empty cell'}; check before paying.`;
        await repo.update(tx, existing.id, { reviewNote: note });
        await audit(tx, {
          actor: 'prizes',
          action: 'prize.correction-after-claim',
          target: `${board.slug}/${award.period}`,
          before: { entryId: existing.entryId, state: existing.state, prizeCents: existing.prizeCents },
          after: { entryId: award.entryId, prizeCents: award.prizeCents, note },
        });
        if (holder) {
          const entry = holder;
          await text(
            tx,
            `correction:${existing.id}:${input.now.getTime()}:${entry.id}`,
            entry,
            `FanGrid correction: the ${label} score on ${title} was corrected and your entry now holds the winning cell. The organizer will contact you about the prize.`,
            `Score corrected: ${title}`,
          );
        }
      }
    },

    async ofEntries(entryIds) {
      const now = clock.now();
      const map = new Map<string, MyEntryPrize[]>();
      for (const d of await repo.ofEntries(entryIds, qdb)) {
        const list = map.get(d.prize.entryId) ?? [];
        const claimable = d.prize.state === 'unclaimed' && d.prize.expiresAt > now;
        list.push({
          period: d.prize.period,
          periodLabel: labelOf(d.board.prizeTable, d.prize.period),
          prizeCents: d.prize.prizeCents,
          state: d.prize.state === 'unclaimed' && !claimable ? 'expired' : d.prize.state,
          claimUrl: claimable ? claimUrl(d.prize) : null,
        });
        map.set(d.prize.entryId, list);
      }
      return map;
    },
  });
}
