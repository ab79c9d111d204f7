import { type PrizePeriod, rolledOverText } from './boards';
import { formatCents } from './money';

/**
 * What each period of a board pays, roll-overs included, as the board's prize panel and its printed sheet both
 * show it (docs/product.md#periods-and-winners): a period whose winning cell was empty passes its prize, and
 * whatever had rolled into it, to the next period; the next period pays its own prize plus that, scored or
 * not yet. A roll-over only reaches the period right after: a later period's amount is its own until the
 * periods before it are scored.
 */

/** A scored period as the public board view gives it: `code` null when its winning cell was empty. */
export interface ScoredPeriod {
  period: string;
  teamAScore: number;
  teamBScore: number;
  /** What the winner got (the period's prize plus what rolled into it); 0 for an empty cell. */
  prizeCents: number;
  code: string | null;
}

export interface PeriodPrize {
  key: string;
  label: string;
  /** What the period pays: its own prize plus what rolled into it from empty cells before it. */
  prizeCents: number;
  /** Of `prizeCents`, what rolled in from earlier periods (0 when nothing did). */
  rolledInCents: number;
  /** The period's score and winner's code (null: an empty cell) once scored, else null. */
  result: { teamAScore: number; teamBScore: number; code: string | null } | null;
  /** The amount in words: '$150 (includes $50 rolled over)', or '$100'. */
  amountText: string;
  /** What the score gave, or null while unscored: '50-44, won by ABC', '23-17, empty cell, rolled over to 2nd quarter'. */
  resultText: string | null;
}

/** Each period of `table` in order, with what it pays (roll-overs included) and what its score gave. */
export function periodPrizes(
  table: readonly Pick<PrizePeriod, 'key' | 'label' | 'prizeCents'>[],
  results: readonly ScoredPeriod[],
): PeriodPrize[] {
  let carried = 0;
  return table.map((period) => {
    const found = results.find((r) => r.period === period.key);
    const rolledIn = carried;
    // A winner's award is the server's own sum; an empty or unscored period pays its prize plus what came in.
    const prizeCents = found?.code ? found.prizeCents : period.prizeCents + rolledIn;
    const rolledInCents = found?.code ? Math.max(0, found.prizeCents - period.prizeCents) : rolledIn;
    // Only an empty scored period passes money on; an unscored one holds it until it is scored.
    carried = found && !found.code ? prizeCents : 0;
    const result = found ? { teamAScore: found.teamAScore, teamBScore: found.teamBScore, code: found.code } : null;
    return {
      key: period.key,
      label: period.label,
      prizeCents,
      rolledInCents,
      result,
      amountText: `${formatCents(prizeCents)}${rolledInCents > 0 ? ` (includes ${formatCents(rolledInCents)} rolled over)` : ''}`,
      resultText: result
        ? `${result.teamAScore}-${result.teamBScore}, ${result.code ? `won by ${result.code}` : `empty cell, ${rolledOverText(table, period.key)}`}`
        : null,
    };
  });
}
