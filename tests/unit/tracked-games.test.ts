import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyStatusChange,
  isCalendarDate,
  trackedGameLimits,
  trackedGameProblems,
} from '../../src/shared/domain/tracked-games';

describe('trackedGameProblems', () => {
  it('needs title, description and category, after trimming', () => {
    expect(trackedGameProblems({ title: ' ', description: '', category: '\t' })).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      category: 'Category is required',
    });
    expect(trackedGameProblems({ title: ' Halo ', description: 'Shooter', category: 'Action' })).toEqual({});
  });

  it('caps each field at its limit (80 / 500 / 40), counting the trimmed text', () => {
    expect(trackedGameLimits).toEqual({ title: 80, description: 500, category: 40 });
    const at = { title: 'T'.repeat(80), description: 'D'.repeat(500), category: 'C'.repeat(40) };
    expect(trackedGameProblems(at)).toEqual({});
    expect(trackedGameProblems({ ...at, title: ` ${at.title} ` })).toEqual({});
    expect(
      trackedGameProblems({ title: `${at.title}T`, description: `${at.description}D`, category: `${at.category}C` }),
    ).toEqual({
      title: 'Title can be at most 80 characters',
      description: 'Description can be at most 500 characters',
      category: 'Category can be at most 40 characters',
    });
  });

  it('flags a field exactly when its trimmed length is 0 or over the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (title) => {
        const problem = trackedGameProblems({ title, description: 'd', category: 'c' }).title;
        const n = title.trim().length;
        expect(problem !== undefined).toBe(n === 0 || n > 80);
      }),
    );
  });
});

describe('isCalendarDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    for (const ok of ['2025-07-17', '2024-02-29', '2000-02-29', '2025-12-31']) expect(isCalendarDate(ok)).toBe(true);
    for (const bad of [
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '2025-7-1',
      '07/17/2025',
      '',
      '2025-07-17T00:00',
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it('agrees with the calendar for every day of any year', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }), (d) => {
        expect(isCalendarDate(d.toISOString().slice(0, 10))).toBe(true);
      }),
    );
  });
});

describe('applyStatusChange', () => {
  const comingSoon = { status: 'coming-soon', releaseDate: '2025-09-01' } as const;
  const available = { status: 'available', releaseDate: null } as const;

  it('switches either way; marking available clears the date', () => {
    expect(applyStatusChange(comingSoon, { status: 'available' })).toEqual(available);
    expect(applyStatusChange(available, { status: 'coming-soon' })).toEqual({
      status: 'coming-soon',
      releaseDate: null,
    });
    expect(applyStatusChange(available, { status: 'coming-soon', releaseDate: '2025-10-10' })).toEqual({
      status: 'coming-soon',
      releaseDate: '2025-10-10',
    });
  });

  it('keeps or sets the date of a coming-soon game, and can clear it', () => {
    expect(applyStatusChange(comingSoon, { status: 'coming-soon' })).toEqual(comingSoon);
    expect(applyStatusChange(comingSoon, { releaseDate: '2026-01-01' })).toEqual({
      status: 'coming-soon',
      releaseDate: '2026-01-01',
    });
    expect(applyStatusChange(comingSoon, { releaseDate: null })).toEqual({ status: 'coming-soon', releaseDate: null });
  });

  it('refuses a release date for a game that ends up available', () => {
    expect(applyStatusChange(available, { releaseDate: '2025-10-10' })).toBeNull();
    expect(applyStatusChange(comingSoon, { status: 'available', releaseDate: '2025-10-10' })).toBeNull();
    expect(applyStatusChange(available, { releaseDate: null })).toEqual(available);
  });

  it('never leaves an available game with a date', () => {
    const status = fc.constantFrom('available', 'coming-soon') as fc.Arbitrary<'available' | 'coming-soon'>;
    const date = fc.option(fc.constant('2025-08-08'), { nil: null });
    fc.assert(
      fc.property(
        fc.record({ status, releaseDate: date }),
        fc.record({ status, releaseDate: date }, { requiredKeys: [] }),
        (current, change) => {
          const next = applyStatusChange(current, change);
          if (next?.status === 'available') expect(next.releaseDate).toBeNull();
          if (next) expect(next.status).toBe(change.status ?? current.status);
        },
      ),
    );
  });
});
