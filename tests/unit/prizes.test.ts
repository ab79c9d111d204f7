import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardEventSchemas } from '../../src/shared/contracts/board-events';
import { claimBodySchema, markPaidBodySchema } from '../../src/shared/contracts/prizes';
import {
  claimRulesText,
  isTaxReportable,
  payoutMethodsInWords,
  TAX_REPORT_MIN_CENTS,
  TAX_REPORT_MIN_MULTIPLE,
} from '../../src/shared/domain/prizes';

describe('claim rules in words', () => {
  it('says the window and each payout method, joined as a sentence', () => {
    expect(payoutMethodsInWords(['pickup'])).toBe('pickup at the venue');
    expect(payoutMethodsInWords(['pickup', 'check', 'handle'])).toBe(
      'pickup at the venue, a check by mail or a payment to the winner’s handle',
    );
    expect(claimRulesText(30, ['pickup', 'check'])).toBe(
      'A winner has 30 days after the period is scored to claim a prize through the link they are sent; an unclaimed prize then expires. Prizes are paid out as pickup at the venue or a check by mail. A winner may also give the prize back to the cause.',
    );
    expect(claimRulesText(1, [])).toMatch(/^A winner has 1 day after/);
  });
});

describe('claim input', () => {
  it('needs details for a check or a handle, one line for a handle, six digits for a code', () => {
    expect(claimBodySchema.safeParse({ method: 'pickup', code: '123456' }).success).toBe(true);
    expect(claimBodySchema.safeParse({ method: 'give-back' }).success).toBe(true);
    expect(claimBodySchema.safeParse({ method: 'check', handle: '12 Main St\nSpringfield' }).success).toBe(true);
    const issues = (input: unknown) => {
      const r = claimBodySchema.safeParse(input);
      return r.success
        ? []
        : r.error.issues.map((i: { path: PropertyKey[]; message: string }) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ method: 'check' })).toEqual(['handle: Tell us where to send the prize']);
    expect(issues({ method: 'handle', handle: '@a\n@b' })).toEqual(['handle: A payment handle is one line']);
    expect(issues({ method: 'pickup', code: '12345' })).toEqual(['code: The code is the 6 digits we texted you']);
    expect(issues({ method: 'cash' }).map((i) => i.split(':')[0])).toEqual(['method']);
    expect(issues({ method: 'handle', handle: 'x'.repeat(201) })).toEqual(['handle: At most 200 characters']);
  });

  it('a payment reference is 1 to 100 characters of one line', () => {
    expect(markPaidBodySchema.safeParse({ reference: ' CHK 1042 ' })).toEqual({
      success: true,
      data: { reference: 'CHK 1042' },
    });
    expect(markPaidBodySchema.safeParse({ reference: '   ' }).success).toBe(false);
    expect(markPaidBodySchema.safeParse({ reference: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe("the 'prize' board event", () => {
  it('carries a period and a prize state, nothing else parses', () => {
    expect(boardEventSchemas.prize.safeParse({ period: 'q1', state: 'paid' }).success).toBe(true);
    expect(boardEventSchemas.prize.safeParse({ period: 'q1', state: 'lost' }).success).toBe(false);
    expect(boardEventSchemas.prize.safeParse({ period: '', state: 'paid' }).success).toBe(false);
  });
});

describe('tax reporting threshold', () => {
  it('flags a prize of $600 or more that is also at least 300 times the entry (a free entry counts as 0)', () => {
    expect(isTaxReportable(60_000, null)).toBe(true);
    expect(isTaxReportable(60_000, 0)).toBe(true);
    expect(isTaxReportable(59_999, 0)).toBe(false);
    expect(isTaxReportable(60_000, 200)).toBe(true);
    expect(isTaxReportable(60_000, 201)).toBe(false);
    expect(isTaxReportable(150_000, 500)).toBe(true);
    expect(isTaxReportable(150_000, 501)).toBe(false);
  });

  it('is exactly: at least $600 and at least 300 times the amount, whatever the amounts', () => {
    const cents = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(
      fc.property(cents, fc.option(cents, { nil: null }), (prize, entry) => {
        const paid = entry ?? 0;
        expect(isTaxReportable(prize, entry)).toBe(
          prize >= TAX_REPORT_MIN_CENTS && prize >= TAX_REPORT_MIN_MULTIPLE * paid,
        );
      }),
    );
  });

  it('is monotonic: a bigger prize never loses the flag, a bigger entry never gains it', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, (prize, entry, more) => {
        if (isTaxReportable(prize, entry)) expect(isTaxReportable(prize + more, entry)).toBe(true);
        if (!isTaxReportable(prize, entry)) expect(isTaxReportable(prize, entry + more)).toBe(false);
      }),
    );
  });

  it('a prize under $600 is never flagged, and a free entry is flagged from $600', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TAX_REPORT_MIN_CENTS - 1 }), fc.nat(), (prize, entry) => {
        expect(isTaxReportable(prize, entry)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: TAX_REPORT_MIN_CENTS, max: 1e9 }), (prize) => {
        expect(isTaxReportable(prize, 0)).toBe(true);
      }),
    );
  });
});
