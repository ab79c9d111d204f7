import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPaymentStatus } from '../../src/server/features/payments/service';
import { cardMessages, luhnValid, testCardProblem, tipAmountProblem, tipFee } from '../../src/shared/domain/payments';

describe('tip platform fee (spec §9 tiers)', () => {
  it.each([
    [100, 18, 82],
    [1000, 180, 820], // $10.00: 18%
    [1001, 150, 851], // $10.01: 15%
    [5000, 750, 4250], // $50.00: 15%
    [5001, 600, 4401], // $50.01: 12%
    [50000, 6000, 44000],
  ])('%i cents: fee %i, streamer receives %i', (amount, fee, net) => {
    expect(tipFee(amount)).toMatchObject({ feeCents: fee, netCents: net });
  });

  it('rounds the fee half up to a whole cent', () => {
    expect(tipFee(1003).feeCents).toBe(150); // 150.45
    expect(tipFee(1010).feeCents).toBe(152); // 151.5
  });

  it('never loses or invents a cent, and never takes more than 18% (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 50_000 }), (amount) => {
        const { feeCents, netCents } = tipFee(amount);
        expect(feeCents + netCents).toBe(amount);
        expect(Number.isInteger(feeCents)).toBe(true);
        expect(feeCents).toBeLessThanOrEqual(Math.ceil(amount * 0.18));
        expect(feeCents).toBeGreaterThanOrEqual(Math.floor(amount * 0.12));
      }),
    );
  });

  it('accepts $1 to $500 in whole cents only', () => {
    expect(tipAmountProblem(100)).toBeNull();
    expect(tipAmountProblem(50_000)).toBeNull();
    for (const bad of [null, 0, 99, 50_001, 12.5]) expect(tipAmountProblem(bad)).toMatch(/between \$1 and \$500/);
  });
});

describe('local test checkout cards', () => {
  const now = new Date('2025-06-11T16:00:00Z');
  const card = (number: string, expiry = '12/30', cvc = '123') => testCardProblem({ number, expiry, cvc }, now);

  it('pays with 4242…, declines 4000…0002 like the provider', () => {
    expect(card('4242 4242 4242 4242')).toBeNull();
    expect(card('4000-0000-0000-0002')).toBe(cardMessages.declined);
    expect(card('5555 5555 5555 4444')).toBe(cardMessages.declined);
  });

  it('checks length, Luhn, expiry and security code first', () => {
    expect(card('4242')).toBe(cardMessages.incomplete);
    expect(card('4242424242424241')).toBe(cardMessages.invalid);
    expect(card('4242424242424242', '06/25')).toBeNull();
    expect(card('4242424242424242', '05/25')).toBe(cardMessages.expired);
    expect(card('4242424242424242', '1/30')).toBe(cardMessages.expiry);
    expect(card('4242424242424242', '12/30', '12')).toBe(cardMessages.cvc);
  });

  it('Luhn accepts the test numbers and rejects every single-digit change (property)', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = '4242424242424242'.split('');
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        expect(luhnValid(digits.join(''))).toBe(false);
      }),
    );
  });
});

describe('payment status from provider events', () => {
  const ev = (type: string, paymentStatus: string | null = 'paid') => ({
    id: 'e',
    type,
    sessionId: 's',
    paymentStatus,
  });
  it('moves forward only; a payment that arrives wins', () => {
    expect(nextPaymentStatus(ev('checkout.session.completed'), 'pending')).toBe('paid');
    expect(nextPaymentStatus(ev('checkout.session.completed'), 'expired')).toBe('paid');
    expect(nextPaymentStatus(ev('checkout.session.completed', 'unpaid'), 'pending')).toBeNull();
    expect(nextPaymentStatus(ev('checkout.session.async_payment_succeeded'), 'pending')).toBe('paid');
    expect(nextPaymentStatus(ev('checkout.session.async_payment_failed'), 'pending')).toBe('failed');
    expect(nextPaymentStatus(ev('checkout.session.async_payment_failed'), 'paid')).toBeNull();
    expect(nextPaymentStatus(ev('checkout.session.expired'), 'pending')).toBe('expired');
    expect(nextPaymentStatus(ev('checkout.session.expired'), 'paid')).toBeNull();
    expect(nextPaymentStatus(ev('customer.created'), 'pending')).toBeNull();
  });
});
