import { describe, expect, it } from 'vitest';
import { demoEntrant, demoEntrantGoal, demoEntriesDue, demoSlug } from '../../src/server/features/demo';
import { demoRound } from '../../src/server/platform/scores/demo';
import { boardFormats } from '../../src/shared/domain/boards';

const startsAt = new Date('2026-11-25T01:05:00Z');
const ahead = (ms: number) => new Date(startsAt.getTime() - ms);

describe('demo entrants', () => {
  it('join evenly from 10 minutes before the game until 30 seconds before, up to all but 4 entries', () => {
    expect(demoEntrantGoal).toBe(boardFormats['1v49'].entries - 4);
    expect(demoEntriesDue(startsAt, ahead(11 * 60_000))).toBe(0);
    expect(demoEntriesDue(startsAt, ahead(10 * 60_000))).toBe(0);
    // Half-way through the 9.5 minutes: half of the 46.
    expect(demoEntriesDue(startsAt, ahead(30_000 + 285_000))).toBe(23);
    expect(demoEntriesDue(startsAt, ahead(30_000))).toBe(46);
    expect(demoEntriesDue(startsAt, ahead(0))).toBe(46);
    let last = 0;
    for (let ms = 10 * 60_000; ms >= 0; ms -= 5_000) {
      const due = demoEntriesDue(startsAt, ahead(ms));
      expect(due).toBeGreaterThanOrEqual(last);
      last = due;
    }
  });

  it('are valid fan entries with a fictional number, a short nickname and a key unique to the board', () => {
    const a = demoEntrant('demo-nba-1', 0);
    const b = demoEntrant('demo-nba-1', 45);
    expect(a.phone).toBe('+12025550100');
    expect(b.phone).toBe('+12025550145');
    expect(a.nickname.length).toBeLessThanOrEqual(7);
    expect(new Set([a.idempotencyKey, b.idempotencyKey, demoEntrant('demo-nhl-2', 0).idempotencyKey]).size).toBe(3);
  });

  it('names a round’s board by its league and round', () => {
    const round = demoRound(5985235);
    expect(demoSlug(round)).toBe(`demo-${round.league}-5985235`);
  });
});
