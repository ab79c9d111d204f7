import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customEntryMessages, customEntryProblem, fixtureGameCode, mlbClubs } from '../../src/shared/domain/baseball';
import { boardRulesText } from '../../src/shared/domain/boards';

const good = { team1: 'Chicago Cubs', team2: 'Milwaukee Brewers', gameDate: '2025-06-20', amountCents: 100 };

describe('custom game entry rule', () => {
  it('accepts two different clubs, a date and at least $1', () => {
    expect(customEntryProblem(good)).toBeNull();
    expect(customEntryProblem({ ...good, amountCents: 1 * 100 + 1 })).toBeNull();
  });

  it('asks for every field, then different teams, then a known club, then the amount', () => {
    expect(customEntryProblem({ ...good, team1: ' ' })).toBe(customEntryMessages.missing);
    expect(customEntryProblem({ ...good, gameDate: '' })).toBe(customEntryMessages.missing);
    expect(customEntryProblem({ ...good, amountCents: null })).toBe(customEntryMessages.missing);
    expect(customEntryProblem({ ...good, team2: good.team1 })).toBe(customEntryMessages.sameTeams);
    expect(customEntryProblem({ ...good, team1: 'Montreal Expos' })).toBe(customEntryMessages.unknownTeam);
    expect(customEntryProblem({ ...good, amountCents: 99 })).toBe(customEntryMessages.amount);
  });

  it('offers exactly 30 distinct clubs, and any two different ones make a valid pairing (property)', () => {
    expect(new Set(mlbClubs).size).toBe(30);
    fc.assert(
      fc.property(
        fc.constantFrom(...mlbClubs),
        fc.constantFrom(...mlbClubs),
        fc.integer({ min: 100, max: 1_000_000 }),
        (team1, team2, amountCents) => {
          const problem = customEntryProblem({ team1, team2, gameDate: '2025-06-20', amountCents });
          expect(problem).toBe(team1 === team2 ? customEntryMessages.sameTeams : null);
        },
      ),
    );
  });

  it('makes the game code from the fixture id', () => {
    expect(fixtureGameCode('dodgers-giants')).toBe('DODGERS-GIANTS');
  });
});

describe('board rules text', () => {
  it('says what an empty cell does on every board, and how each sport’s last period counts', () => {
    const basketball = boardRulesText(['q1', 'q2', 'q3', 'final']);
    const baseball = boardRulesText(['inning5-runs', 'inning5-hits', 'inning9-runs', 'inning9-hits']);
    for (const text of [basketball, baseball]) expect(text).toMatch(/If that cell is empty, its prize rolls over/);
    expect(basketball).toMatch(/The final score includes overtime/);
    expect(baseball).toMatch(/end of the 5th and 9th innings, by runs and by total hits/);
    expect(baseball).toMatch(
      /called early but made official is scored as played: a period it did not reach takes the final score/,
    );
  });
});
