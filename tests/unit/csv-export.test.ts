import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, dollars } from '../../src/server/features/admin/csv';
import { decodeCursor, encodeCursor, paymentStateOf } from '../../src/server/features/admin/service';
import { exportFileName } from '../../src/shared/contracts/admin';

describe('CSV cells', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+SUM(A1:A9)', `"'+SUM(A1:A9)"`],
    ['+1 555 cmd', `"'+1 555 cmd"`],
    ['+1+1', `"'+1+1"`],
    ['+', `"'+"`],
    ['-2', `"'-2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTAB', `"'\tTAB"`],
    ['\rCR', `"'\rCR"`],
  ])('neutralises a formula-looking text %j with a leading apostrophe', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each(['+12025550191', '+1 (202) 555-0191', '+44 20 7946 0958'])(
    'leaves a phone number alone plain (%j): without letters it can run no formula',
    (value) => {
      expect(csvCell(value)).toBe(`"${value}"`);
    },
  );

  it('quotes every text field and doubles quotes; commas and line breaks stay inside the field', () => {
    expect(csvCell('Knicks, "the" Bockers\nNY')).toBe('"Knicks, ""the"" Bockers\nNY"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('')).toBe('""');
  });

  it('writes numbers as numbers (negative ones included) and nothing for null, undefined or NaN', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(Number.NaN)).toBe('""');
  });

  it('ends lines with CRLF and starts files with a BOM', () => {
    expect(csvLine(['a', 1, null])).toBe('"a",1,""\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
    expect(dollars(1250)).toBe(12.5);
    expect(dollars(0)).toBe(0);
  });

  it("names the spec's files by the UTC date", () => {
    expect(exportFileName('game_entries', new Date('2025-06-11T23:59:59Z'))).toBe('game_entries_2025-06-11.csv');
    expect(exportFileName('login_attempts', new Date('2025-06-12T00:00:00Z'))).toBe('login_attempts_2025-06-12.csv');
  });
});

describe('entry payment state', () => {
  const entry = {
    status: 'confirmed' as const,
    amountCents: 500,
    donationCommitmentCents: null,
    pledgeCollectedAt: null,
    paymentId: null,
  };
  const free = { paymentRequired: false };
  const paid = { paymentRequired: true };
  it.each([
    [{ ...entry, status: 'held' as const }, paid, 'awaiting-payment'],
    [{ ...entry, amountCents: null }, free, 'none'],
    [entry, free, 'pledged'],
    [{ ...entry, pledgeCollectedAt: new Date() }, free, 'collected'],
    [{ ...entry, paymentId: 'p' }, paid, 'paid'],
    [{ ...entry, paymentId: 'p', donationCommitmentCents: 1000 }, paid, 'pledged'],
  ])('%o on %o is %s', (e, board, state) => {
    expect(paymentStateOf({ entry: e, board })).toBe(state);
  });

  const cancelled = { paymentRequired: false, cancelledAt: new Date() };
  const paidCancelled = { paymentRequired: true, cancelledAt: new Date() };
  it.each([
    [entry, cancelled, null, 'cancelled'],
    [{ ...entry, amountCents: null }, cancelled, null, 'cancelled'],
    [{ ...entry, status: 'held' as const, paymentId: 'p' }, paidCancelled, 'pending', 'cancelled'],
    [{ ...entry, pledgeCollectedAt: new Date() }, cancelled, null, 'collected'],
    [{ ...entry, paymentId: 'p' }, paidCancelled, 'paid', 'paid'],
    [{ ...entry, paymentId: 'p', donationCommitmentCents: 1000 }, paidCancelled, 'paid', 'paid'],
    [{ ...entry, paymentId: 'p' }, paidCancelled, 'refunded', 'refunded'],
  ])('on a cancelled board (%o, %o), a payment %s is %s', (e, board, paymentStatus, state) => {
    expect(paymentStateOf({ entry: e, board, paymentStatus })).toBe(state);
  });
});

describe('list cursors', () => {
  it('round-trip and reject anything forged', () => {
    const c = { at: new Date('2025-06-11T16:00:00.123Z'), id: '0b7f4c7e-5d7a-4a54-9d55-2d3a3b0e1f00' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(undefined)).toBeUndefined();
    for (const bad of [
      'nope',
      Buffer.from('2025-13-45_x').toString('base64url'),
      Buffer.from("x_'; drop").toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow('That page link is not valid');
    }
  });
});
