import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refundProblem } from '../../src/server/platform/payments';
import {
  deleteConsequence,
  type EntryMoneyView,
  refundConsequence,
  removalNotice,
} from '../../src/shared/domain/entry-removal';

const entry = (over: Partial<EntryMoneyView> = {}): EntryMoneyView => ({
  paymentState: 'none',
  totalCents: 0,
  checkoutPaidCents: 0,
  cashCents: 0,
  cashState: 'none',
  reachBy: { email: true, text: false },
  ...over,
});

describe('what the delete dialog says', () => {
  it.each([
    [
      'a paid entry',
      entry({ paymentState: 'paid', totalCents: 2000, checkoutPaidCents: 2000 }),
      'This entry paid $20 through checkout: it will be refunded in full and the fan told by email.',
    ],
    [
      'a paid entry whose fan consented to texts too',
      entry({ paymentState: 'paid', checkoutPaidCents: 2000, reachBy: { email: true, text: true } }),
      'This entry paid $20 through checkout: it will be refunded in full and the fan told by email and text.',
    ],
    [
      'a paid entry with no way to tell the fan',
      entry({ paymentState: 'paid', checkoutPaidCents: 1250, reachBy: { email: false, text: false } }),
      'This entry paid $12.50 through checkout: it will be refunded in full. The fan left no email and no consent to texts: tell them yourself.',
    ],
    [
      'a collected pledge',
      entry({ paymentState: 'collected', totalCents: 2000, cashCents: 2000, cashState: 'in-hand' }),
      '$20 of collected cash will be marked to return. The fan is told by email.',
    ],
    [
      'a checkout payment beside a gift collected in cash',
      entry({ paymentState: 'collected', checkoutPaidCents: 2000, cashCents: 500, cashState: 'in-hand' }),
      'This entry paid $20 through checkout: it will be refunded in full and the fan told by email. $5 of collected cash will be marked to return.',
    ],
    [
      'an entry without money',
      entry({ reachBy: { email: false, text: true } }),
      'This entry has no money on it. The fan is told by text.',
    ],
    [
      'a pledge never collected',
      entry({ paymentState: 'pledged', totalCents: 700 }),
      'Its $7 pledge was never collected: nobody owes anything. The fan is told by email.',
    ],
    [
      'a hold whose checkout is open',
      entry({ paymentState: 'awaiting-payment', totalCents: 500 }),
      'Its checkout is still open: a payment that arrives after the delete is refunded in full. The fan is told by email.',
    ],
  ])('%s', (_name, e, said) => {
    expect(deleteConsequence(e)).toBe(said);
  });

  it('says what Refund does', () => {
    expect(refundConsequence({ ...entry({ checkoutPaidCents: 2000 }), cells: [4] })).toBe(
      '$20 paid through checkout will be refunded in full and its cell is free again; the entry stays listed as Refunded. The fan is told by email.',
    );
  });
});

describe('what the fan is told', () => {
  const base = { title: 'Heat vs Magic', code: 'AB1', refundedCents: 0, cashToReturnCents: 0, pledgedCents: 0 };
  it('names the refund, the cash to return, or the pledge cancelled', () => {
    expect(removalNotice({ ...base, how: 'deleted', refundedCents: 2000, awaitingPayment: false })).toEqual({
      subject: 'Heat vs Magic: your entry was deleted',
      text: 'FanGrid: Heat vs Magic, your code AB1: the organizer deleted your entry. Your $20 is refunded in full to the card you paid with.',
    });
    expect(removalNotice({ ...base, how: 'deleted', cashToReturnCents: 1500, awaitingPayment: false }).text).toBe(
      'FanGrid: Heat vs Magic, your code AB1: the organizer deleted your entry. The $15 you paid in cash will be given back to you.',
    );
    expect(removalNotice({ ...base, how: 'refunded', refundedCents: 500, awaitingPayment: false }).text).toBe(
      'FanGrid: Heat vs Magic, your code AB1: the organizer refunded your entry. Your $5 is refunded in full to the card you paid with. Your squares are free again.',
    );
    expect(removalNotice({ ...base, how: 'deleted', awaitingPayment: true }).text).toMatch(
      /If your payment still goes through, it is refunded in full\.$/,
    );
  });
});

describe("Stripe's answer to a refund", () => {
  const recorded = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../support/recorded/stripe/refund.json'), 'utf8'),
  ) as Record<string, unknown>;

  it('reads the refund object Stripe documents, of the checkout’s amount', () => {
    expect(refundProblem(recorded, 100)).toBeNull();
    expect(refundProblem({ ...recorded, status: 'pending' }, 100)).toBeNull();
  });

  it('refuses what is not a full refund', () => {
    expect(refundProblem({ ...recorded, status: 'failed' }, 100)).toBe('the refund failed');
    expect(refundProblem({ ...recorded, status: 'canceled' }, 100)).toBe('the refund canceled');
    expect(refundProblem(recorded, 2000)).toBe('the refund is 100 cents, the checkout charged 2000');
    expect(refundProblem({ ...recorded, object: 'charge' }, 100)).toBe('the answer is not a refund');
    expect(refundProblem(null, 100)).toBe('the answer is not a refund');
  });
});
