import { describe, expect, it } from 'vitest';
import { baseballPrizes } from '../../src/shared/domain/baseball';
import { boardOpensAt, boardStatus, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { hockeyPrizes } from '../../src/shared/domain/feed-periods';
import {
  SCORE_MAX,
  scoreInputProblems,
  scoreMaximums,
  scoreMessages,
  scoreProblem,
  scoreSportOf,
} from '../../src/shared/domain/score-limits';

const keys = (table: { key: string }[]) => table.map((p) => p.key);

describe('score limits', () => {
  it('reads the sport from the prize periods, then the league', () => {
    expect(scoreSportOf({ league: 'NBA', prizeKeys: keys(nbaFinalsPrizes) })).toBe('basketball');
    expect(scoreSportOf({ league: ' wnba ', prizeKeys: keys(nbaFinalsPrizes) })).toBe('basketball');
    expect(scoreSportOf({ league: 'NFL', prizeKeys: keys(nbaFinalsPrizes) })).toBe('football');
    expect(scoreSportOf({ league: 'Little League', prizeKeys: keys(baseballPrizes) })).toBe('baseball');
    expect(scoreSportOf({ league: 'MLB', prizeKeys: ['final'] })).toBe('baseball');
    expect(scoreSportOf({ league: 'NHL', prizeKeys: keys(hockeyPrizes) })).toBe('hockey');
    expect(scoreSportOf({ league: 'AHL', prizeKeys: keys(hockeyPrizes) })).toBe('hockey');
    expect(scoreSportOf({ league: 'EuroLeague', prizeKeys: ['final'] })).toBe('other');
    // A league named like an object's own property is no sport.
    expect(scoreSportOf({ league: 'constructor', prizeKeys: ['final'] })).toBe('other');
  });

  it('takes whole numbers from 0 to the sport’s maximum, and nothing else', () => {
    expect(SCORE_MAX).toBe(999);
    expect(scoreProblem(0, 'baseball')).toBeNull();
    expect(scoreProblem(99, 'baseball')).toBeNull();
    expect(scoreProblem(100, 'baseball')).toBe(scoreMessages.range(99));
    expect(scoreProblem(999, 'basketball')).toBeNull();
    expect(scoreProblem(7000, 'basketball')).toBe(scoreMessages.range(scoreMaximums.basketball));
    expect(scoreProblem(-1, 'football')).toBe(scoreMessages.range(199));
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, '7', null, undefined]) {
      expect(scoreProblem(bad, 'other'), String(bad)).toBe(scoreMessages.whole);
    }
    expect(scoreInputProblems({ teamAScore: 3, teamBScore: 120 }, 'hockey')).toEqual({
      teamBScore: scoreMessages.range(99),
    });
    expect(scoreInputProblems({ teamAScore: 3, teamBScore: 4 }, 'hockey')).toEqual({});
  });
});

describe("a board an organizer opened early ('Open now')", () => {
  const startsAt = new Date('2025-06-14T20:00:00Z');
  it('is open from then, days before the usual hour before the game', () => {
    const openedAt = new Date('2025-06-11T16:00:00Z');
    const now = new Date('2025-06-12T10:00:00Z');
    expect(boardStatus({ startsAt, now })).toBe('scheduled');
    expect(boardStatus({ startsAt, now, openedAt })).toBe('open');
    expect(boardOpensAt({ startsAt, openedAt })).toEqual(openedAt);
    // It still locks at the start, and an earlier usual opening is kept.
    expect(boardStatus({ startsAt, now: startsAt, openedAt })).toBe('locked');
    expect(boardOpensAt({ startsAt, openedAt: new Date('2025-06-14T19:30:00Z') })).toEqual(
      new Date('2025-06-14T19:00:00Z'),
    );
  });
});
