import { afterEach, describe, expect, it } from 'vitest';
import { customEntryRulesPath } from '../../src/web/features/baseball/components/custom-entry-form';
import {
  localCustomEntries,
  mergeCustomEntries,
  rememberCustomEntry,
} from '../../src/web/features/baseball/custom-entries';

const entry = (id: string, createdAt: string) => ({
  id,
  team1: 'Seattle Mariners',
  team2: 'Texas Rangers',
  gameDate: '2025-06-20',
  amountCents: 1250,
  createdAt,
});

afterEach(() => window.localStorage.clear());

describe('custom game entries', () => {
  it('are kept in this browser and read with the account’s, each once, newest first', () => {
    rememberCustomEntry(entry('a', '2025-06-01T10:00:00.000Z'));
    rememberCustomEntry(entry('b', '2025-06-02T10:00:00.000Z'));
    rememberCustomEntry(entry('a', '2025-06-01T10:00:00.000Z'));
    expect(localCustomEntries().map((e) => e.id)).toEqual(['b', 'a']);
    const account = [entry('b', '2025-06-02T10:00:00.000Z'), entry('c', '2025-06-03T10:00:00.000Z')];
    expect(mergeCustomEntries(localCustomEntries(), account).map((e) => e.id)).toEqual(['c', 'b', 'a']);
    window.localStorage.setItem('fangrid.customEntries', '[{"id":1},"x"]');
    expect(localCustomEntries()).toEqual([]);
  });

  it('link the rules of the baseball board of the same teams, else the first board’s', () => {
    const boards = [
      { teams: ['Los Angeles Dodgers', 'San Francisco Giants'] as const, boardSlug: 'dodgers-giants' },
      { teams: ['Houston Astros', 'Texas Rangers'] as const, boardSlug: 'astros-rangers' },
    ];
    expect(customEntryRulesPath(boards, 'Texas Rangers', 'Houston Astros')).toBe('/boards/astros-rangers/rules');
    expect(customEntryRulesPath(boards, '', '')).toBe('/boards/dodgers-giants/rules');
  });
});
