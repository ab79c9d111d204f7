import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bannerTimeZones, formatZoneTime } from '../../src/shared/domain/clocks';
import { formatCents, formatCentsRange } from '../../src/shared/domain/money';

describe('formatCents', () => {
  it('formats whole dollars without cents and others with two decimals', () => {
    expect(formatCents(2500)).toBe('$25');
    expect(formatCents(2550)).toBe('$25.50');
    expect(formatCents(4723000)).toBe('$47,230');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(2500, { whole: false })).toBe('$25.00');
  });

  it('writes what Intl writes for US dollars, with and without cents', () => {
    const intl = (cents: number, digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(cents / 100);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(intl(cents, cents % 100 === 0 ? 0 : 2));
        expect(formatCents(cents, { whole: true })).toBe(intl(cents, 0));
        expect(formatCents(cents, { whole: false })).toBe(intl(cents, 2));
      }),
    );
    expect([-1250, -49, 150, 250].map((c) => formatCents(c, { whole: true }))).toEqual(['-$13', '-$0', '$2', '$3']);
  });

  it('formats ranges', () => {
    expect(formatCentsRange(2500, 4500)).toBe('$25-$45');
    expect(formatCentsRange(5000, 5000)).toBe('$50');
  });
});

describe('banner clocks', () => {
  it('shows Eastern, Central and Pacific in that order', () => {
    expect(bannerTimeZones.map((z) => z.label)).toEqual(['Eastern', 'Central', 'Pacific']);
  });

  it('formats the same instant in each zone, with daylight saving', () => {
    const summer = new Date('2025-06-11T16:00:05Z');
    expect(bannerTimeZones.map((z) => formatZoneTime(summer, z.zone))).toEqual([
      '12:00:05 PM',
      '11:00:05 AM',
      '9:00:05 AM',
    ]);
    const winter = new Date('2025-12-11T16:00:05Z');
    expect(formatZoneTime(winter, 'America/New_York')).toBe('11:00:05 AM');
  });
});
