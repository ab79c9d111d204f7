import { describe, expect, it } from 'vitest';
import { nextBoardScreen } from '../../src/web/app/paths';

describe('nextBoardScreen', () => {
  it("gives a game's next board its first board's title, Back destination and labels", () => {
    expect(nextBoardScreen('finals-game-7-2')).toMatchObject({
      slug: 'finals-game-7-2',
      title: 'NBA Finals Game 7: Thunder vs Pacers',
      backTo: '/nba-finals',
      backLabel: 'Back to NBA Finals',
      rowLabel: 'Pacers',
    });
    expect(nextBoardScreen('knicks-vs-pacers-3')).toMatchObject({ title: 'Knicks vs Pacers', gameCode: 'EGB' });
  });

  it('leaves a first board, or a board no screen knows, to the board itself', () => {
    expect(nextBoardScreen('finals-game-7')).toBeUndefined();
    expect(nextBoardScreen('knicks-vs-pacers-1')).toBeUndefined();
    expect(nextBoardScreen('lakers-warriors-2')).toBeUndefined();
  });
});
