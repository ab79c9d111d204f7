import type { Axes } from './boards';
import { type CellTeams, cellDigits, describeCells } from './cells';

/**
 * One lock text per phone per board: at most this many characters (two concatenated GSM-7 segments), so a
 * phone with many entries gets one short text. Codes that do not fit are counted, not listed.
 */
export const LOCK_TEXT_MAX_CHARS = 306;

export interface LockTextEntry {
  code: string;
  cells: readonly number[];
}

/**
 * The text a phone gets when a board locks, naming every code it entered. One code reads its cells in full
 * ('Your code ABC has Thunder 3 / Pacers 7 (row 8, column 4). Good luck!'); several codes read each code's
 * digits, team A's then team B's ('ABC 3/7; DEF 1/2 & 4/5'), in entry order, within `LOCK_TEXT_MAX_CHARS`
 * ('… and 4 more codes: see the board.').
 */
export function lockTextBody(
  teams: CellTeams,
  axes: Pick<Axes, 'columns' | 'rows'>,
  codes: readonly LockTextEntry[],
): string {
  const head = `FanGrid: ${teams.teamA} vs ${teams.teamB} is locked.`;
  const [only] = codes;
  if (codes.length === 1 && only) {
    return `${head} Your code ${only.code} has ${describeCells(teams, only.cells, axes)}. Good luck!`;
  }
  const digits = (cells: readonly number[]) =>
    [...cells]
      .sort((a, b) => a - b)
      .map((cell) => {
        const d = cellDigits(axes, cell);
        return d ? `${d.teamA}/${d.teamB}` : '?';
      })
      .join(' & ');
  const items = codes.map((c) => `${c.code} ${digits(c.cells)}`);
  const lead = `${head} Your ${codes.length} codes (${teams.teamA}/${teams.teamB} digits): `;
  const tail = '. Good luck!';
  for (let shown = items.length; shown > 0; shown--) {
    const rest = items.length - shown;
    const more = rest > 0 ? ` and ${rest} more code${rest === 1 ? '' : 's'}: see the board` : '';
    const body = `${lead}${items.slice(0, shown).join('; ')}${more}${tail}`;
    if (body.length <= LOCK_TEXT_MAX_CHARS || shown === 1) return body;
  }
  return `${lead}see the board${tail}`;
}
