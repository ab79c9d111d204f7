import { describe, expect, it } from 'vitest';
import { donationDates, formatReceiptDay } from '../../src/shared/domain/receipt-dates';

describe('donationDates', () => {
  it('names the game date as given and the UTC day it was paid', () => {
    expect(
      donationDates({
        gameData: { date: '2025-10-03' },
        createdAt: '2026-11-24T23:40:00Z',
        completedAt: new Date('2026-11-25T00:10:00Z'),
      }),
    ).toEqual([
      ['Game date', '2025-10-03'],
      ['Paid on', 'Nov 25, 2026'],
    ]);
  });

  it('says when it started while unpaid, and leaves out a game date nobody gave', () => {
    expect(donationDates({ gameData: {}, createdAt: '2026-11-24T23:40:00Z', completedAt: null })).toEqual([
      ['Started on', 'Nov 24, 2026'],
    ]);
  });

  it('reads a Date and its ISO string as the same day', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(formatReceiptDay(at)).toBe(formatReceiptDay(at.toISOString()));
  });
});
