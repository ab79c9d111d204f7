import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBoardSchema } from '../../src/shared/contracts/admin';
import { checkedEntryRuleSchema } from '../../src/shared/contracts/boards';
import {
  atLeastDays,
  auditChanges,
  chartBars,
  loginStatusLabel,
  niceCeiling,
  prizePeriods,
  slugify,
  wholeRangeRule,
} from '../../src/shared/domain/admin';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { PRIZE_MIN_CENTS, PRIZE_TABLE_MAX_CENTS } from '../../src/shared/domain/board-limits';
import {
  amountProblem,
  entryRuleIssue,
  entryRuleMessages,
  entryRuleProblem,
  entryRules,
  MAX_AMOUNT_CENTS,
  MAX_RULE_AMOUNTS,
} from '../../src/shared/domain/boards';
import { dollarsToCents, parseDollars } from '../../src/shared/domain/money';

describe('login status labels', () => {
  it('names the known statuses and shows any other one raw', () => {
    expect(loginStatusLabel('attempted')).toBe('Attempted');
    expect(loginStatusLabel('signup_pending')).toBe('Signup Pending');
    expect(loginStatusLabel('signup_confirmed')).toBe('Signup Confirmed');
    expect(loginStatusLabel('success')).toBe('Success');
    expect(loginStatusLabel('locked_out')).toBe('locked_out');
    expect(loginStatusLabel('')).toBe('');
  });
});

describe('audit changes', () => {
  it('lists every field of a created and of a deleted record', () => {
    expect(auditChanges(null, { nickname: 'Ann', cells: [3, 4] })).toEqual([
      { field: 'nickname', before: null, after: 'Ann' },
      { field: 'cells', before: null, after: '[3,4]' },
    ]);
    expect(auditChanges({ nickname: 'Ann' }, null)).toEqual([{ field: 'nickname', before: 'Ann', after: null }]);
  });

  it('lists only the fields whose value changed', () => {
    expect(auditChanges({ status: 'open', slug: 'a', n: 1 }, { status: 'locked', slug: 'a', n: 1 })).toEqual([
      { field: 'status', before: 'open', after: 'locked' },
    ]);
    expect(auditChanges({ teamAScore: 10 }, { teamAScore: 10, winningCode: 'ABC' })).toEqual([
      { field: 'winningCode', before: null, after: 'ABC' },
    ]);
  });

  it('reads nothing from values that are not records', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges([1, 2], 'text')).toEqual([]);
  });
});

describe('chart scale', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(101)).toBe(200);
    expect(niceCeiling(4999)).toBe(5000);
  });

  it('pads a short series with quiet days before its first day, up to the minimum span', () => {
    const zero = { entries: 0 };
    expect(atLeastDays<{ day: string; entries: number }>([], 14, zero)).toEqual([]);
    const padded = atLeastDays([{ day: '2026-03-01', entries: 4 }], 4, zero);
    expect(padded).toEqual([
      { day: '2026-02-26', entries: 0 },
      { day: '2026-02-27', entries: 0 },
      { day: '2026-02-28', entries: 0 },
      { day: '2026-03-01', entries: 4 },
    ]);
    const long = Array.from({ length: 20 }, (_, i) => ({
      day: `2026-01-${String(i + 1).padStart(2, '0')}`,
      entries: i,
    }));
    expect(atLeastDays(long, 14, zero)).toEqual(long);
  });

  it('scales every bar within the height, the busiest at or under the top', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 10, max: 500 }),
        (counts, height) => {
          const { ceiling, bars } = chartBars(
            counts.map((entries) => ({ entries })),
            height,
          );
          expect(ceiling).toBeGreaterThanOrEqual(Math.max(...counts));
          expect(ceiling).toBeLessThanOrEqual(Math.max(1, Math.max(...counts) * 5));
          for (const [i, bar] of bars.entries()) {
            expect(bar.height).toBeGreaterThanOrEqual(0);
            expect(bar.height).toBeLessThanOrEqual(height);
            expect(Number.isInteger(bar.height)).toBe(true);
            // More entries never draw a shorter bar.
            for (const other of bars)
              if (other.entries > (counts[i] ?? 0)) expect(other.height).toBeGreaterThanOrEqual(bar.height);
          }
        },
      ),
    );
  });
});

describe('dollar amounts typed in a form', () => {
  it('reads dollars as integer cents, empty as no amount', () => {
    expect(parseDollars('')).toEqual({ ok: true, cents: null });
    expect(parseDollars('  ')).toEqual({ ok: true, cents: null });
    expect(parseDollars('25')).toEqual({ ok: true, cents: 2500 });
    expect(parseDollars('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(parseDollars('0.07')).toEqual({ ok: true, cents: 7 });
    expect(parseDollars('$1,250.00')).toEqual({ ok: true, cents: 125000 });
  });

  it('refuses what is not an amount, without rounding it into one', () => {
    for (const bad of ['abc', '1.234', '-5', '1e3', '12.', '.5', '$', '12 34', '10000000']) {
      expect(parseDollars(bad), bad).toMatchObject({ ok: false });
    }
  });

  it('gives the live form checks null for empty and NaN for what is not an amount', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('7.25')).toBe(725);
    expect(dollarsToCents('1e3')).toBeNaN();
    expect(dollarsToCents('12.345')).toBeNaN();
  });

  it('agrees with cents for every whole-cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(parseDollars(text)).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('board addresses and prize periods', () => {
  it('makes addresses of lower-case letters, digits and single dashes', () => {
    expect(slugify('Knicks-Pacers')).toBe('knicks-pacers');
    expect(slugify('  São Paulo FC vs. América!  ')).toBe('sao-paulo-fc-vs-america');
    expect(slugify('---')).toBe('');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug.length).toBeLessThanOrEqual(80);
        if (slug) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }),
    );
  });

  it("keeps a template's keys (scoring reads them) and gives typed periods unique keys from their labels", () => {
    const periods = prizePeriods([
      ...baseballPrizes.map((p) => ({ key: p.key, label: p.label, prizeCents: p.prizeCents })),
      { label: 'Final score', prizeCents: 100 },
      { label: 'Final score', prizeCents: 200 },
      { label: '!!!', prizeCents: 0 },
    ]);
    expect(periods.map((p) => p.key)).toEqual([
      'inning5-runs',
      'inning5-hits',
      'inning9-runs',
      'inning9-hits',
      'final-score',
      'final-score-2',
      'period-7',
    ]);
  });

  it('builds prize tables the create-board contract accepts', () => {
    // Prizes the board limits allow: each from $1, twelve of them within the table's total.
    const prizeCents = fc.integer({ min: PRIZE_MIN_CENTS, max: Math.floor(PRIZE_TABLE_MAX_CENTS / 12) });
    fc.assert(
      fc.property(
        fc.array(fc.record({ label: fc.string({ minLength: 1, maxLength: 40 }), prizeCents }), {
          minLength: 1,
          maxLength: 12,
        }),
        (rows) => {
          const table = prizePeriods(rows.map((r) => ({ ...r, label: `P ${r.label}` })));
          const parsed = createBoardSchema.safeParse({
            slug: 'some-board',
            gameId: '00000000-0000-4000-8000-000000000000',
            format: '1v99',
            entryRule: entryRules.noAmount,
            prizeTable: table,
            organization: 'Org',
            mode: 'sweepstakes',
            paymentRequired: false,
          });
          expect(parsed.success).toBe(true);
        },
      ),
    );
  });
});

describe('whole-dollar range rule', () => {
  it("gives Thunder's rule for $1–$20", () => {
    expect(wholeRangeRule(100, 2000)).toEqual(entryRules.thunder);
  });

  it('keeps quick picks inside the range and without repeats', () => {
    expect(wholeRangeRule(500, 800).quickPicksCents).toEqual([500]);
    expect(wholeRangeRule(1000, 5000).quickPicksCents).toEqual([1000]);
    expect(wholeRangeRule(200, 10000).quickPicksCents).toEqual([200, 500, 1000]);
    const rule = wholeRangeRule(300, 700);
    for (const pick of rule.quickPicksCents) expect(amountProblem(rule, pick)).toBeNull();
  });
});

describe('entry rule check (one function for the board form and the server)', () => {
  const m = entryRuleMessages;
  const dollars = (min: number, max: number) => fc.integer({ min, max }).map((d) => d * 100);

  it('refuses each kind of unworkable rule with its message', () => {
    const range = wholeRangeRule(100, 2000);
    const presets = { kind: 'presets-or-custom' as const, presetsCents: [100, 500], minCents: 100 };
    expect(entryRuleProblem({ ...range, minCents: 3000 })).toBe(m.minAboveMax);
    expect(entryRuleProblem({ ...range, defaultCents: 2100 })).toBe(m.defaultOutside);
    expect(entryRuleProblem({ ...range, minCents: 100.5 })).toBe(m.wholeDollars);
    expect(entryRuleProblem({ ...range, minCents: Number.NaN })).toBe(m.wholeDollars);
    expect(entryRuleProblem({ ...range, maxCents: MAX_AMOUNT_CENTS + 100 })).toBe(m.tooHigh);
    expect(entryRuleProblem({ ...range, quickPicksCents: [500, 100] })).toBe(m.quickPicks);
    expect(entryRuleProblem({ ...presets, presetsCents: [] })).toBe(m.presetsEmpty);
    expect(entryRuleProblem({ ...presets, presetsCents: [500, 500] })).toBe(m.presetsOrder);
    expect(entryRuleProblem({ ...presets, presetsCents: [100.1] })).toBe(m.wholeCents);
    expect(entryRuleProblem({ ...presets, minCents: 99 })).toBe(m.minTooLow);
    expect(entryRuleProblem({ ...presets, presetsCents: [50, 100] })).toBe(m.presetsBelowMin);
    expect(entryRuleProblem({ ...presets, presetsCents: [100, MAX_AMOUNT_CENTS + 1] })).toBe(m.presetsTooHigh);
    expect(entryRuleProblem({ ...presets, minCents: MAX_AMOUNT_CENTS + 1 })).toBe(m.minTooHigh);
    for (const rule of Object.values(entryRules)) expect(entryRuleProblem(rule)).toBeNull();
  });

  it("states a rule's limits as money to fans: cents and thousands written out", () => {
    expect(amountProblem({ kind: 'presets-or-custom', presetsCents: [150], minCents: 150 }, 100)).toBe(
      'Enter an amount of at least $1.50.',
    );
    expect(amountProblem(wholeRangeRule(100, MAX_AMOUNT_CENTS), 50)).toBe('Enter a whole dollar amount.');
    expect(amountProblem(wholeRangeRule(100, MAX_AMOUNT_CENTS), MAX_AMOUNT_CENTS + 100)).toBe(
      'Enter a whole amount from $1 to $10,000.',
    );
  });

  it('refuses any whole-dollar range whose lowest amount is above its highest', () => {
    fc.assert(
      fc.property(dollars(1, 10_000), dollars(1, 10_000), (a, b) => {
        fc.pre(a !== b);
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(entryRuleProblem(wholeRangeRule(high, low))).toBe(m.minAboveMax);
      }),
    );
  });

  it("accepts every range the form builds, and every amount it offers passes the entry's own check", () => {
    fc.assert(
      fc.property(dollars(1, 10_000), dollars(1, 10_000), (a, b) => {
        const rule = wholeRangeRule(Math.min(a, b), Math.max(a, b));
        expect(entryRuleProblem(rule)).toBeNull();
        for (const amount of [rule.defaultCents, ...rule.quickPicksCents])
          expect(amountProblem(rule, amount)).toBeNull();
      }),
    );
  });

  it('accepts distinct increasing presets from the lowest amount up, and refuses them in any other order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: MAX_RULE_AMOUNTS }),
        (minCents, offsets) => {
          const sorted = offsets.map((o) => minCents + o).sort((x, y) => x - y);
          expect(entryRuleProblem({ kind: 'presets-or-custom', minCents, presetsCents: sorted })).toBeNull();
          const shuffled = [...sorted].reverse();
          expect(entryRuleProblem({ kind: 'presets-or-custom', minCents, presetsCents: shuffled })).toBe(
            m.presetsOrder,
          );
        },
      ),
    );
  });

  it('the contract refuses exactly the rules the check refuses, with its message on the part of the rule', () => {
    const amount = fc.oneof(
      fc.integer({ min: -1000, max: 2_000_000 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const rule = fc.oneof(
      fc.record({
        kind: fc.constant('whole-range' as const),
        minCents: amount,
        maxCents: amount,
        defaultCents: amount,
        quickPicksCents: fc.array(amount, { maxLength: 12 }),
      }),
      fc.record({
        kind: fc.constant('presets-or-custom' as const),
        presetsCents: fc.array(amount, { maxLength: 12 }),
        minCents: amount,
      }),
    );
    fc.assert(
      fc.property(rule, (r) => {
        const issue = entryRuleIssue(r);
        expect(entryRuleProblem(r)).toBe(issue?.message ?? null);
        const parsed = checkedEntryRuleSchema.safeParse(r);
        expect(parsed.success).toBe(issue === null);
        if (!parsed.success)
          expect(parsed.error.issues).toEqual([
            expect.objectContaining({ path: [issue?.field], message: issue?.message }),
          ]);
      }),
    );
  });
});
