import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gamingPage } from '../../src/server/db/seed/pages/gaming';
import { gamingCatalog } from '../../src/server/db/seed/pages/gaming-catalog';
import { gamingPageSchema } from '../../src/shared/contracts/pages/gaming';
import { gamingCatalogSchema } from '../../src/shared/contracts/pages/gaming-catalog';
import {
  esportsMonths,
  eventsInMonth,
  formatDateRange,
  localIsoDate,
  releaseLabel,
} from '../../src/shared/domain/gaming';

describe('releaseLabel', () => {
  const noon = (iso: string) => new Date(`${iso}T12:00:00`);

  it("is 'Pre-Order' for a future release and 'Available' from release day on", () => {
    expect(releaseLabel('2025-07-17', noon('2025-07-15'))).toBe('Pre-Order');
    expect(releaseLabel('2025-07-16', noon('2025-07-15'))).toBe('Pre-Order');
    expect(releaseLabel('2025-07-15', noon('2025-07-15'))).toBe('Available');
    expect(releaseLabel('2025-07-01', noon('2025-07-15'))).toBe('Available');
    expect(releaseLabel('2025-07-31', noon('2026-01-01'))).toBe('Available');
  });

  it('uses the local calendar date of now, late and early in the day', () => {
    expect(releaseLabel('2025-07-16', new Date(2025, 6, 15, 23, 59, 59))).toBe('Pre-Order');
    expect(releaseLabel('2025-07-16', new Date(2025, 6, 16, 0, 0, 0))).toBe('Available');
    expect(localIsoDate(new Date(2025, 0, 5, 8))).toBe('2025-01-05');
  });

  it('agrees with comparing calendar days, for any release date and any now', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, day, (release, now) => {
        const releaseDate = localIsoDate(release);
        const releaseDay = new Date(release.getFullYear(), release.getMonth(), release.getDate()).getTime();
        const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
        expect(releaseLabel(releaseDate, now)).toBe(releaseDay > today ? 'Pre-Order' : 'Available');
      }),
    );
  });
});

describe('eventsInMonth', () => {
  const events = [
    { id: 'a', date: '2025-07-20' },
    { id: 'b', date: '2025-06-03' },
    { id: 'c', date: '2025-07-05' },
    { id: 'd', date: '2025-08-31' },
    { id: 'e', date: '2025-07-05' },
    { id: 'f', date: '2024-07-05' },
  ];

  it('keeps only the month’s events, earliest first, same-day events in their given order', () => {
    expect(eventsInMonth(events, '2025-07').map((e) => e.id)).toEqual(['c', 'e', 'a']);
    expect(eventsInMonth(events, '2025-06').map((e) => e.id)).toEqual(['b']);
    expect(eventsInMonth(events, '2025-08').map((e) => e.id)).toEqual(['d']);
    expect(eventsInMonth(events, '2025-09')).toEqual([]);
  });

  it('offers the June, July and August 2025 tabs', () => {
    expect(esportsMonths.map((m) => [m.label, m.month])).toEqual([
      ['June', '2025-06'],
      ['July', '2025-07'],
      ['August', '2025-08'],
    ]);
  });

  it('splits any list into disjoint months that together hold every event', () => {
    const event = fc.record({
      id: fc.uuid(),
      date: fc
        .date({ min: new Date('2025-01-01'), max: new Date('2025-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (list) => {
        const months = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
        const parts = months.map((m) => eventsInMonth(list, m));
        expect(parts.flat()).toHaveLength(list.length);
        parts.forEach((part, i) => {
          for (const e of part) expect(e.date.startsWith(months[i] ?? '')).toBe(true);
          for (let j = 1; j < part.length; j++) expect((part[j - 1]?.date ?? '') <= (part[j]?.date ?? '')).toBe(true);
        });
      }),
    );
  });
});

describe('gaming page contracts', () => {
  it('accept the shipped documents', () => {
    expect(gamingPageSchema.safeParse(gamingPage).success).toBe(true);
    expect(gamingCatalogSchema.safeParse(gamingCatalog).success).toBe(true);
  });

  it('hold the spec’s counts and dates: 10 esports events June–August, July releases, 4 categories, 3 tournaments', () => {
    const events = gamingPage.esportsEvents;
    expect(gamingPageSchema.safeParse({ ...gamingPage, esportsEvents: events.slice(1) }).success).toBe(false);
    const september = events.map((e, i) => (i === 0 ? { ...e, date: '2025-09-01' } : e));
    expect(gamingPageSchema.safeParse({ ...gamingPage, esportsEvents: september }).success).toBe(false);
    const june = gamingPage.releases.map((r, i) => (i === 0 ? { ...r, releaseDate: '2025-06-30' } : r));
    expect(gamingPageSchema.safeParse({ ...gamingPage, releases: june }).success).toBe(false);
    const catalog = gamingCatalog;
    expect(gamingCatalogSchema.safeParse({ ...catalog, categories: catalog.categories.slice(1) }).success).toBe(false);
    expect(gamingCatalogSchema.safeParse({ ...catalog, tournaments: catalog.tournaments.slice(1) }).success).toBe(
      false,
    );
  });

  it('keep winners, scores and champions consistent with status', () => {
    const events = gamingPage.esportsEvents;
    const noWinner = events.map((e) => (e.status === 'completed' ? { ...e, winner: undefined } : e));
    expect(gamingPageSchema.safeParse({ ...gamingPage, esportsEvents: noWinner }).success).toBe(false);
    const [cs, ...rest] = gamingCatalog.tournaments;
    if (!cs) throw new Error('no tournament');
    const outsider = { ...cs, schedule: [{ ...cs.schedule[0], teams: ['Nobody', 'Team Vitality'] }] };
    expect(gamingCatalogSchema.safeParse({ ...gamingCatalog, tournaments: [outsider, ...rest] }).success).toBe(false);
    const noChampion = { ...cs, champion: undefined };
    expect(gamingCatalogSchema.safeParse({ ...gamingCatalog, tournaments: [noChampion, ...rest] }).success).toBe(false);
    const badWinner = { ...cs, schedule: cs.schedule.map((m) => ({ ...m, winner: 'Aurora' })) };
    expect(gamingCatalogSchema.safeParse({ ...gamingCatalog, tournaments: [badWinner, ...rest] }).success).toBe(false);
  });
});

describe('date formatting', () => {
  it('formats ranges within a year, across years and on one day', () => {
    expect(formatDateRange('2025-06-13', '2025-06-22')).toBe('Jun 13 – Jun 22, 2025');
    expect(formatDateRange('2025-12-30', '2026-01-04')).toBe('Dec 30, 2025 – Jan 4, 2026');
    expect(formatDateRange('2025-08-24', '2025-08-24')).toBe('Aug 24, 2025');
  });
});
