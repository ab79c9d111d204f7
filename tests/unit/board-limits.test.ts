import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBoardSchema } from '../../src/shared/contracts/admin';
import {
  boardCapacity,
  boardLimitProblems,
  capacityProblems,
  feedGameStateProblem,
  GAME_AHEAD_MAX_DAYS,
  gameStartProblem,
  boardLimitMessages as m,
  PRIZE_MAX_CENTS,
  PRIZE_MIN_CENTS,
  PRIZE_TABLE_MAX_CENTS,
  prizeProblem,
  prizeTotalProblem,
  sameTeam,
} from '../../src/shared/domain/board-limits';
import { type BoardFormat, entryRuleIssue, entryRuleMessages, MAX_AMOUNT_CENTS } from '../../src/shared/domain/boards';
import type { FeedOutcome, FeedState } from '../../src/shared/domain/feed-periods';
import { parseDollars } from '../../src/shared/domain/money';

const dayMs = 24 * 60 * 60 * 1000;
const now = new Date('2025-06-11T16:00:00Z');
const formats: BoardFormat[] = ['1v99', '1v49'];

describe('the limits are sane amounts, named in words as money', () => {
  it('caps a prize at $100,000 and a table at $1,000,000, from $1 a prize', () => {
    expect([PRIZE_MIN_CENTS, PRIZE_MAX_CENTS, PRIZE_TABLE_MAX_CENTS]).toEqual([100, 10_000_000, 100_000_000]);
    expect(m.prizeTooLow).toBe('Each prize must be at least $1');
    expect(m.prizeTooHigh).toBe('A prize can be at most $100,000');
    expect(m.prizeTotal(123_456_700)).toBe(
      "The prizes add up to $1,234,567: a board's prizes can total at most $1,000,000",
    );
    expect(m.minEntries('1v49')).toBe('A 1 vs 49 board holds 50 entries: the minimum can be at most 50');
    expect(entryRuleMessages.tooHigh).toBe('The highest amount can be at most $10,000');
  });
});

describe("a game's start", () => {
  it('must be after now and at most a year ahead, to the millisecond', () => {
    const at = (ms: number) => gameStartProblem(new Date(now.getTime() + ms), now);
    expect(at(-1)).toBe(m.gameStarted);
    expect(at(0)).toBe(m.gameStarted);
    expect(at(1)).toBeNull();
    expect(at(GAME_AHEAD_MAX_DAYS * dayMs)).toBeNull();
    expect(at(GAME_AHEAD_MAX_DAYS * dayMs + 1)).toBe(m.gameTooFar);
  });

  it('is refused exactly outside (now, now + a year], whatever the offset', () => {
    const year = GAME_AHEAD_MAX_DAYS * dayMs;
    fc.assert(
      fc.property(fc.integer({ min: -3 * year, max: 3 * year }), (offset) => {
        const problem = gameStartProblem(new Date(now.getTime() + offset), now);
        expect(problem).toBe(offset <= 0 ? m.gameStarted : offset > year ? m.gameTooFar : null);
      }),
    );
  });
});

describe('the two teams', () => {
  it('are the same team trimmed and in any case', () => {
    expect(sameTeam('Knicks', ' knicks ')).toBe(true);
    expect(sameTeam('NEW YORK KNICKS', 'new york knicks')).toBe(true);
    expect(sameTeam('Knicks', 'Nets')).toBe(false);
    expect(sameTeam('Los Angeles Lakers', 'Los Angeles Clippers')).toBe(false);
  });

  it('any name against itself re-spaced at its ends or re-cased is refused by the contract at team B', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z][A-Za-z .]{0,38}[A-Za-z]$/),
        fc.boolean(),
        fc.nat({ max: 3 }),
        (name, upper, pad) => {
          const other = `${' '.repeat(pad)}${upper ? name.toUpperCase() : name.toLowerCase()}${' '.repeat(pad)}`;
          expect(sameTeam(name, other)).toBe(true);
          const parsed = createBoardSchema.shape.game.safeParse({
            league: 'NBA',
            teamA: name,
            teamB: other,
            startsAt: '2025-06-12T00:00:00Z',
            venue: 'Arena',
          });
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['teamB'], message: m.sameTeams })]);
        },
      ),
    );
  });
});

describe('a feed game already over', () => {
  it('is refused final, cancelled, or shown over (postponed, suspended); one still to be played is not', () => {
    const problem = (state: FeedState, status: FeedOutcome) => feedGameStateProblem({ state, status });
    expect(problem('post', 'final')).toBe(m.feedFinal);
    expect(problem('post', 'cancelled')).toBe(m.feedCancelled);
    expect(problem('pre', 'cancelled')).toBe(m.feedCancelled);
    expect(problem('post', 'postponed')).toBe(m.feedPostponed);
    expect(problem('post', 'suspended')).toBe(m.feedSuspended);
    expect(problem('post', 'in-progress')).toBe(m.feedOver);
    expect(problem('pre', 'scheduled')).toBeNull();
    expect(problem('pre', 'delayed')).toBeNull();
    expect(problem('pre', 'postponed')).toBeNull();
    // Under way: its start (in the past) refuses it.
    expect(problem('in', 'in-progress')).toBeNull();
  });
});

describe('prizes', () => {
  it('one prize: whole cents from $1 to $100,000, refused around both caps', () => {
    fc.assert(
      fc.property(fc.integer({ min: -PRIZE_MAX_CENTS, max: 3 * PRIZE_MAX_CENTS }), (cents) => {
        expect(prizeProblem(cents)).toBe(
          cents < PRIZE_MIN_CENTS ? m.prizeTooLow : cents > PRIZE_MAX_CENTS ? m.prizeTooHigh : null,
        );
      }),
    );
    for (const cents of [0, -1, 99]) expect(prizeProblem(cents)).toBe(m.prizeTooLow);
    for (const cents of [100, PRIZE_MAX_CENTS]) expect(prizeProblem(cents)).toBeNull();
    expect(prizeProblem(PRIZE_MAX_CENTS + 1)).toBe(m.prizeTooHigh);
    for (const cents of [250.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(prizeProblem(cents)).toBe(m.prizeWhole);
  });

  it('the table: refused exactly when its prizes add up to more than $1,000,000, naming the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: PRIZE_MIN_CENTS, max: PRIZE_MAX_CENTS }), { minLength: 1, maxLength: 12 }),
        (cents) => {
          const total = cents.reduce((a, b) => a + b, 0);
          const problem = prizeTotalProblem(cents.map((prizeCents) => ({ prizeCents })));
          expect(problem).toBe(total > PRIZE_TABLE_MAX_CENTS ? m.prizeTotal(total) : null);
        },
      ),
    );
    const at = (extra: number) =>
      prizeTotalProblem([
        ...Array.from({ length: 9 }, () => ({ prizeCents: PRIZE_MAX_CENTS })),
        { prizeCents: PRIZE_MAX_CENTS + extra },
      ]);
    expect(at(0)).toBeNull();
    expect(at(1)).toBe(m.prizeTotal(PRIZE_TABLE_MAX_CENTS + 1));
  });
});

describe('entry counts against the format', () => {
  it('a minimum and a free-entry cap at most what the format holds (100 or 50), each at its field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...formats), fc.integer({ min: 1, max: 100 }), (format, n) => {
        const over = n > boardCapacity(format);
        expect(capacityProblems({ format, minEntries: n })).toEqual(over ? { minEntries: m.minEntries(format) } : {});
        expect(capacityProblems({ format, freeEntriesPerBoard: n })).toEqual(
          over ? { freeEntriesPerBoard: m.freeEntriesPerBoard(format) } : {},
        );
      }),
    );
    expect(capacityProblems({ format: '1v49', minEntries: null, freeEntriesPerBoard: null })).toEqual({});
  });
});

describe('entry rule amounts around the $10,000 cap', () => {
  it('the highest amount of a range is refused above $10,000 at its own field, taken at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (dollars) => {
        const maxCents = dollars * 100;
        const issue = entryRuleIssue({
          kind: 'whole-range',
          minCents: 100,
          maxCents,
          defaultCents: 100,
          quickPicksCents: [],
        });
        expect(issue).toEqual(
          maxCents > MAX_AMOUNT_CENTS ? { field: 'maxCents', message: entryRuleMessages.tooHigh } : null,
        );
      }),
    );
  });

  it('the form reads $99,999,999 as an amount (so the rule names the cap), and still refuses text', () => {
    expect(parseDollars('99999999')).toMatchObject({ ok: false });
    expect(parseDollars('99999999', { wholeDigits: 12 })).toEqual({ ok: true, cents: 9_999_999_900 });
    expect(parseDollars('$99,999,999.50', { wholeDigits: 12 })).toEqual({ ok: true, cents: 9_999_999_950 });
    expect(parseDollars('1e9', { wholeDigits: 12 })).toMatchObject({ ok: false });
  });
});

describe('boardLimitProblems: every clock-free problem by the request field', () => {
  it('collects them all, each at its path; a board within the limits has none', () => {
    expect(
      boardLimitProblems({
        format: '1v49',
        game: { teamA: 'Suns', teamB: 'suns' },
        entryRule: {
          kind: 'whole-range',
          minCents: 100,
          maxCents: 9_999_999_900,
          defaultCents: 100,
          quickPicksCents: [],
        },
        prizeTable: [{ prizeCents: 0 }, ...Array.from({ length: 11 }, () => ({ prizeCents: PRIZE_MAX_CENTS }))],
        minEntries: 60,
        freeEntriesPerBoard: 51,
      }),
    ).toEqual({
      'game.teamB': m.sameTeams,
      'entryRule.maxCents': entryRuleMessages.tooHigh,
      'prizeTable.0.prizeCents': m.prizeTooLow,
      prizeTable: m.prizeTotal(11 * PRIZE_MAX_CENTS),
      minEntries: m.minEntries('1v49'),
      freeEntriesPerBoard: m.freeEntriesPerBoard('1v49'),
    });
    expect(
      boardLimitProblems({
        format: '1v99',
        game: { teamA: 'Suns', teamB: 'Jazz' },
        entryRule: { kind: 'no-amount' },
        prizeTable: [{ prizeCents: 2500 }],
        minEntries: 100,
      }),
    ).toEqual({});
  });
});
