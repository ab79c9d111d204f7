import { describe, expect, it } from 'vitest';
import { boardScreenPaths } from '../../src/web/app/paths';
import { boardScreenAt, boardScreens, nextBoardScreen } from '../../src/web/features/boards/board-screens';

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

describe('boardScreens', () => {
  it('has one screen for each path of the route table, in its order', () => {
    expect(boardScreens.map((s) => s.path)).toEqual(boardScreenPaths);
    expect(boardScreenAt('/east-game-board')).toMatchObject({ slug: 'knicks-vs-pacers', gameCode: 'EGB' });
    expect(boardScreenAt('/cubs-brewers-game')).toMatchObject({ title: 'Cubs vs Brewers', rowLabel: 'Brewers' });
    expect(boardScreenAt('/boards/cubs-brewers')).toBeUndefined();
  });
});
