import { describe, expect, it } from 'vitest';
import { LOCK_TEXT_MAX_CHARS, lockTextBody } from '../../src/shared/domain/lock-text';

const teams = { teamA: 'Knicks', teamB: 'Pacers' };
const axes = { columns: [3, 1, 4, 0, 5, 9, 2, 6, 8, 7], rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] };
const codes = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ code: String.fromCharCode(65 + (i % 26)).repeat(3), cells: [i] }));

describe('the lock text: one per phone per board', () => {
  it('names a single code with its cells in full', () => {
    expect(lockTextBody(teams, axes, [{ code: 'ABC', cells: [12] }])).toBe(
      'FanGrid: Knicks vs Pacers is locked. Your code ABC has Knicks 4 / Pacers 1 (row 2, column 3). Good luck!',
    );
  });

  it('lists several codes with their digits, team A first, in the order given', () => {
    expect(
      lockTextBody(teams, axes, [
        { code: 'ABC', cells: [0] },
        { code: 'DEF', cells: [21, 12] },
      ]),
    ).toBe(
      'FanGrid: Knicks vs Pacers is locked. Your 2 codes (Knicks/Pacers digits): ABC 3/0; DEF 4/1 & 1/2. Good luck!',
    );
  });

  it('lists ten codes within the budget and counts the ones that do not fit', () => {
    const ten = lockTextBody(teams, axes, codes(10));
    expect(ten.length).toBeLessThanOrEqual(LOCK_TEXT_MAX_CHARS);
    expect(ten).not.toContain('more code');
    const many = lockTextBody(
      { teamA: 'Oklahoma City Thunder', teamB: 'Minnesota Timberwolves' },
      axes,
      codes(60).map((c, i) => ({ ...c, cells: [i, i + 1] })),
    );
    expect(many.length).toBeLessThanOrEqual(LOCK_TEXT_MAX_CHARS);
    const more = /and (\d+) more codes: see the board\. Good luck!$/.exec(many);
    expect(more).not.toBeNull();
    const listed = many.match(/\b[A-Z]{3} \d\/\d/g)?.length ?? 0;
    expect(listed + Number(more?.[1])).toBe(60);
  });
});
