import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  awards,
  cancelNotices,
  drawAxes,
  noticeTime,
  postponedNotice,
  unfilledOutcome,
} from '../../src/shared/domain/boards';

const seed = 'c0ffee'.padEnd(64, '7');
const axes = drawAxes(seed);

/** A prize table of 1–6 periods and a score for each (scored in table order, some of them). */
const boardArb = fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 6 }).chain((prizes) =>
  fc.record({
    table: fc.constant(prizes.map((prizeCents, i) => ({ key: `p${i}`, label: `Period ${i + 1}`, prizeCents }))),
    scores: fc.array(fc.tuple(fc.nat({ max: 200 }), fc.nat({ max: 200 })), {
      minLength: prizes.length,
      maxLength: prizes.length,
    }),
    scoredCount: fc.integer({ min: 0, max: prizes.length }),
    /** Which of the 100 cells hold an entry (an unfilled board leaves some empty). */
    held: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 100 }),
  }),
);

describe('unfilled boards: empty cells roll their prize over', () => {
  it('conserves the prize money: awarded + what rolls past the last scored period = the scored periods’ prizes', () => {
    fc.assert(
      fc.property(boardArb, ({ table, scores, scoredCount, held }) => {
        const results = scores
          .slice(0, scoredCount)
          .map(([a, b], i) => ({ key: `p${i}`, teamAScore: a, teamBScore: b }));
        const holders = new Set(held);
        const out = awards(axes, table, results, (cell) => (holders.has(cell) ? `entry-${cell}` : null));
        expect(out.map((a) => a.period)).toEqual(table.slice(0, scoredCount).map((p) => p.key));
        const scoredTotal = table.slice(0, scoredCount).reduce((sum, p) => sum + p.prizeCents, 0);
        const awarded = out.reduce((sum, a) => sum + a.prizeCents, 0);
        // What is left after the last winner: the prizes of the periods after it, all won by empty cells.
        const lastWinner = out.map((a) => a.entryId !== null).lastIndexOf(true);
        const rolledPastEnd = table.slice(lastWinner + 1, scoredCount).reduce((sum, p) => sum + p.prizeCents, 0);
        expect(awarded + rolledPastEnd).toBe(scoredTotal);
        for (const [i, a] of out.entries()) {
          if (a.entryId === null) expect(a.prizeCents).toBe(0);
          // A winner takes its own prize plus every prize rolled from the empty periods just before it.
          else {
            let expected = table[i]?.prizeCents ?? 0;
            for (let j = i - 1; j >= 0 && out[j]?.entryId === null; j--) expected += table[j]?.prizeCents ?? 0;
            expect(a.prizeCents).toBe(expected);
          }
        }
      }),
    );
  });

  it('on a full board every period pays exactly its own prize', () => {
    fc.assert(
      fc.property(boardArb, ({ table, scores }) => {
        const results = scores.map(([a, b], i) => ({ key: `p${i}`, teamAScore: a, teamBScore: b }));
        const out = awards(axes, table, results, (cell) => `entry-${cell}`);
        expect(out.map((a) => a.prizeCents)).toEqual(table.map((p) => p.prizeCents));
      }),
    );
  });

  it('leaves the last period’s prize unawarded when its winning cell is empty (nobody holds it)', () => {
    const table = [
      { key: 'q1', label: '1st quarter', prizeCents: 5000 },
      { key: 'final', label: 'Final', prizeCents: 15000 },
    ];
    const results = [
      { key: 'q1', teamAScore: 25, teamBScore: 26 },
      { key: 'final', teamAScore: 92, teamBScore: 113 },
    ];
    const out = awards(axes, table, results, () => null);
    expect(out.map((a) => [a.entryId, a.prizeCents])).toEqual([
      [null, 0],
      [null, 0],
    ]);
  });
});

describe('the unfilled-board policy at lock', () => {
  const policy = fc.constantFrom('play-on' as const, 'cancel-below' as const);
  it('cancels a board with no entries whatever its policy', () => {
    fc.assert(
      fc.property(policy, fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }), (p, min) => {
        expect(unfilledOutcome(p, min, 0)).toBe('cancel-empty');
      }),
    );
  });

  it('plays on with any entry under play-on; cancel-below cancels exactly below its minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (count, min) => {
        expect(unfilledOutcome('play-on', null, count)).toBe('play');
        expect(unfilledOutcome('cancel-below', min, count)).toBe(count < min ? 'cancel-below' : 'play');
      }),
    );
  });

  it('says why a board was cancelled and when a postponed game now starts, the same on every server', () => {
    expect(cancelNotices.below(5)).toBe('Cancelled at lock: fewer than 5 entries, the minimum this board set.');
    expect(noticeTime(new Date('2025-09-21T23:00:00Z'))).toBe('2025-09-21 23:00 UTC');
    expect(postponedNotice(new Date('2025-09-21T23:00:00Z'))).toBe('Game postponed: now starts 2025-09-21 23:00 UTC.');
  });
});
