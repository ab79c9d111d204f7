import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPaymentStatus, paidAmountProblem } from '../../src/server/features/payments/service';
import {
  signWebhook,
  verifyWebhookSignature,
  WebhookSignatureError,
  webhookToleranceSeconds,
} from '../../src/server/platform/payments';
import {
  cardMessages,
  luhnValid,
  testCardProblem,
  tipAmountProblem,
  tipFee,
  tipFeeSummary,
  tipFeeTiers,
} from '../../src/shared/domain/payments';

describe('tip platform fee tiers', () => {
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

  it('states the tiers in words from the same table the fee is taken by', () => {
    expect(tipFeeSummary()).toBe('Platform fee: 18% on tips up to $10, 15% from $10.01 to $50, 12% above $50.');
    for (const tier of tipFeeTiers) {
      const percent = `${tier.basisPoints / 100}%`;
      expect(tipFeeSummary()).toContain(percent);
      if (Number.isFinite(tier.upToCents)) expect(tipFee(tier.upToCents).basisPoints).toBe(tier.basisPoints);
    }
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
    amountTotal: 500,
    currency: 'usd',
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

describe('a paying event must charge what the payment asked for', () => {
  it('agrees only on the same amount in cents and in usd (any case)', () => {
    expect(paidAmountProblem({ amountTotal: 500, currency: 'usd' }, { amountCents: 500 })).toBeNull();
    expect(paidAmountProblem({ amountTotal: 500, currency: 'USD' }, { amountCents: 500 })).toBeNull();
  });
  it.each([
    ['nothing charged ($0, no_payment_required)', 0, 'usd'],
    ['one cent less', 499, 'usd'],
    ['more', 501, 'usd'],
    ['no amount at all', null, 'usd'],
    ['another currency', 500, 'eur'],
    ['no currency', 500, null],
  ])('refuses %s', (_name, amountTotal, currency) => {
    expect(paidAmountProblem({ amountTotal, currency }, { amountCents: 500 })).toMatch(/charged/);
  });
});

describe('webhook signature and time window (both providers verify here)', () => {
  const secret = 'whsec_unit_test_secret';
  const now = Date.parse('2025-06-11T16:00:00Z');
  const body = '{"id":"evt_1","object":"event","type":"checkout.session.completed"}';
  const verify =
    (header: string | undefined, raw = body) =>
    () =>
      verifyWebhookSignature(raw, header, secret, now);
  const at = (offsetSeconds: number) => signWebhook(body, secret, now + offsetSeconds * 1000);
  const v1 = (header: string) => header.split('v1=')[1] ?? '';
  const t = Math.floor(now / 1000);

  it('accepts a signature made now and up to 300 s either side, inclusive', () => {
    expect(webhookToleranceSeconds).toBe(300);
    for (const offset of [0, -299, -300, 299, 300]) expect(verify(at(offset)), `${offset} s`).not.toThrow();
  });

  it.each([
    [-301, /301 s old/],
    [301, /301 s in the future/],
    [-3600, /3600 s old/],
    [3600, /3600 s in the future/],
    [-86_400 * 365, /old/],
  ])('refuses a signature made %i s from now', (offset, message) => {
    expect(verify(at(offset))).toThrow(WebhookSignatureError);
    expect(verify(at(offset))).toThrow(message);
  });

  it('counts whole seconds: 300.9 s in the future is still 300 s (the header has no fractions)', () => {
    // The header carries whole seconds; a signature made at now+300.9 s says t=now+300.
    expect(verify(signWebhook(body, secret, now + 300_900))).not.toThrow();
    expect(verify(signWebhook(body, secret, now + 301_000))).toThrow(/future/);
  });

  it.each([
    ['no header', undefined, /Missing/],
    ['an empty header', '', /Missing/],
    ['blanks', '   ', /Missing/],
    ['no timestamp', `v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['a timestamp that is not a number', `t=abc,v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['a timestamp with trailing garbage', `t=${t}abc,v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['a negative timestamp', `t=-${t},v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['a fractional timestamp', `t=${t}.5,v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['an exponent timestamp', `t=1e9,v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['two timestamps', `t=${t},t=${t},v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['an empty timestamp', `t=,v1=${'a'.repeat(64)}`, /t=<unix seconds>/],
    ['a part without =', `t=${t},v1`, /Malformed/],
    ['an empty part', `t=${t},,v1=${'a'.repeat(64)}`, /Malformed/],
    ['only v0 signatures', `t=${t},v0=${'a'.repeat(64)}`, /No v1 signature/],
    ['a v1 that is not hex', `t=${t},v1=${'z'.repeat(64)}`, /No v1 signature/],
    ['a short v1', `t=${t},v1=abcd`, /No v1 signature/],
    ['a header of 3 KB', `t=${t},${`v1=${'a'.repeat(64)},`.repeat(45)}v1=${'a'.repeat(64)}`, /too long/],
    ['a JSON header', JSON.stringify({ t, v1: 'a'.repeat(64) }), /Malformed/],
  ])('refuses %s', (_name, header, message) => {
    expect(verify(header)).toThrow(WebhookSignatureError);
    expect(verify(header)).toThrow(message);
  });

  it('accepts the right signature among several v1= (a secret being rolled), in any position, and ignores v0=', () => {
    const good = v1(at(0));
    const other = signWebhook(body, 'whsec_other', now).split('v1=')[1];
    expect(verify(`t=${t},v1=${other},v1=${good}`)).not.toThrow();
    expect(verify(`t=${t},v1=${good},v1=${other}`)).not.toThrow();
    expect(verify(`t=${t},v0=${other},v1=${good}`)).not.toThrow();
    expect(verify(`v1=${good},t=${t}`)).not.toThrow();
    expect(verify(` t=${t} , v1=${good} `)).not.toThrow();
    expect(verify(`t=${t},v1=${other},v1=${other}`)).toThrow(/No signature matches/);
    expect(verify(`t=${t},v1=${good.toUpperCase()}`)).toThrow(/No v1 signature/);
  });

  it('refuses a valid signature over another body, another timestamp or with another secret', () => {
    const header = at(0);
    expect(verify(header, body.replace('evt_1', 'evt_2'))).toThrow(/No signature matches/);
    expect(verify(header, `${body} `)).toThrow(/No signature matches/);
    expect(verify(header, '')).toThrow(/No signature matches/);
    // Moving the timestamp (to dodge the window) breaks the signature, which covers it.
    expect(verify(header.replace(`t=${t}`, `t=${t + 10}`))).toThrow(/No signature matches/);
    expect(() => verifyWebhookSignature(body, header, 'whsec_other', now)).toThrow(/No signature matches/);
  });

  it('checks the signature before the time: a forged header from the future says it does not match', () => {
    expect(verify(`t=${t + 3600},v1=${'a'.repeat(64)}`)).toThrow(/No signature matches/);
  });
});
