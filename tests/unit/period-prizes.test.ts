import { describe, expect, it } from 'vitest';
import { awards, drawAxes, entryPriceText, entryRules, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { freeEntryText, noPurchaseNecessary } from '../../src/shared/domain/legal';
import { periodPrizes, type ScoredPeriod } from '../../src/shared/domain/period-prizes';

const scored = (period: string, teamAScore: number, teamBScore: number, code: string | null, prizeCents = 0) =>
  ({ period, teamAScore, teamBScore, code, prizeCents }) satisfies ScoredPeriod;

describe('what each period pays, roll-overs included (the prize panel and the printed sheet)', () => {
  it('before any score: each period its own prize', () => {
    expect(periodPrizes(nbaFinalsPrizes, []).map((p) => [p.label, p.amountText, p.resultText])).toEqual([
      ['1st quarter', '$50', null],
      ['2nd quarter', '$100', null],
      ['3rd quarter', '$50', null],
      ['Final score (including overtime)', '$150', null],
    ]);
  });

  it('an empty cell passes its prize on: the next period pays both, scored or not yet', () => {
    const q1Empty = periodPrizes(nbaFinalsPrizes, [scored('q1', 23, 17, null)]);
    expect(q1Empty.map((p) => [p.prizeCents, p.rolledInCents])).toEqual([
      [5000, 0],
      [15000, 5000],
      [5000, 0],
      [15000, 0],
    ]);
    expect(q1Empty[0]?.resultText).toBe('23-17, empty cell, rolled over to 2nd quarter');
    expect(q1Empty[1]?.amountText).toBe('$150 (includes $50 rolled over)');
    expect(q1Empty[1]?.resultText).toBeNull();

    // Two empty cells in a row carry both prizes into the 3rd quarter, which a winner then takes.
    const won = periodPrizes(nbaFinalsPrizes, [
      scored('q1', 23, 17, null),
      scored('q2', 50, 44, null),
      scored('q3', 76, 71, 'ABC', 20000),
    ]);
    expect(won.map((p) => p.amountText)).toEqual([
      '$50',
      '$150 (includes $50 rolled over)',
      '$200 (includes $150 rolled over)',
      '$150',
    ]);
    expect(won.map((p) => p.resultText)).toEqual([
      '23-17, empty cell, rolled over to 2nd quarter',
      '50-44, empty cell, rolled over to 3rd quarter',
      '76-71, won by ABC',
      null,
    ]);
  });

  it('a roll-over after the last period is not awarded, and says so', () => {
    const table = nbaFinalsPrizes.slice(0, 2);
    const all = periodPrizes(table, [scored('q1', 1, 2, null), scored('q2', 3, 4, null)]);
    expect(all[1]).toMatchObject({
      prizeCents: 15000,
      amountText: '$150 (includes $50 rolled over)',
      resultText: '3-4, empty cell, not awarded (no later period)',
    });
  });

  it("agrees with the awards: a winner's amount is what the board's awards gave it", () => {
    const axes = drawAxes('3'.repeat(64));
    const results = [
      { key: 'q1', teamAScore: 21, teamBScore: 18 },
      { key: 'q2', teamAScore: 44, teamBScore: 40 },
      { key: 'q3', teamAScore: 70, teamBScore: 63 },
    ];
    // Only the 3rd quarter's winning cell is held.
    const q3 = awards(axes, nbaFinalsPrizes, results, () => null)[2]?.cellIndex;
    const given = awards(axes, nbaFinalsPrizes, results, (cell) => (cell === q3 ? 'entry' : null));
    const lines = periodPrizes(
      nbaFinalsPrizes,
      given.map((a, i) => ({
        period: a.period,
        teamAScore: results[i]?.teamAScore ?? 0,
        teamBScore: results[i]?.teamBScore ?? 0,
        code: a.entryId ? 'QXZ' : null,
        prizeCents: a.prizeCents,
      })),
    );
    expect(lines[2]).toMatchObject({ prizeCents: given[2]?.prizeCents, rolledInCents: 15000 });
    expect(lines[2]?.amountText).toBe('$200 (includes $150 rolled over)');
  });
});

describe("a sweepstakes board's published words", () => {
  it('says no purchase is necessary and how to enter free, with the limits the rules set', () => {
    expect(noPurchaseNecessary).toBe('No purchase necessary to enter or win; paying does not improve your odds.');
    expect(freeEntryText({ freeEntriesPerPerson: 1, freeEntriesPerBoard: null })).toBe(
      'Free entry: use the Free entry form with a code we text you, no payment, same odds and prizes; limit 1 per phone number.',
    );
    expect(freeEntryText({ freeEntriesPerPerson: 2, freeEntriesPerBoard: 40 })).toContain(
      'limit 2 per phone number, 40 per board.',
    );
  });

  it("states the entry price as the entry form offers it, and a paid board's checkout", () => {
    expect(entryPriceText(entryRules.thunder, false)).toBe('Entry amount: any whole-dollar amount from $1 to $20.');
    expect(entryPriceText(entryRules.presets, true)).toBe(
      'Entry amount: $1, $5, $10 or $20, or a custom amount of at least $1, paid at checkout.',
    );
    expect(entryPriceText({ kind: 'presets-or-custom', presetsCents: [250], minCents: 150 }, false)).toBe(
      'Entry amount: $2.50, or a custom amount of at least $1.50.',
    );
    expect(entryPriceText(entryRules.noAmount, false)).toBe('No entry amount: a phone number and a nickname.');
  });
});
