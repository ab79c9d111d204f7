import { adminErrorCodes, type CreateBoardInput } from '../../../../shared/contracts/admin';
import { CLAIM_WINDOW_DAYS_DEFAULT } from '../../../../shared/contracts/prizes';
import { feedIdOf } from '../../../../shared/domain/feed-games';
import { feedPrizeKeysProblem, leagueSports } from '../../../../shared/domain/feed-periods';
import { FREE_ENTRIES_PER_PERSON_DEFAULT, MINIMUM_AGE_DEFAULT } from '../../../../shared/domain/legal';
import { AppError } from '../../../http/errors';
import { refuseFinishedFeedGame, refuseImpossibleGame, refuseImpossibleSettings } from '../board-checks';
import { type BoardContext, newDrawSeed } from '../board-context';
import type { BoardRow, GameRow } from '../board-reads';
import type { LifecycleRepo } from './repo';

/** The SQL a new board is made with. */
export type CreateBoardSql = Pick<
  LifecycleRepo,
  'slugTaken' | 'gameById' | 'insertGame' | 'gameByFeedId' | 'nextSequence' | 'insertBoard'
>;

/** A new board, on a game of its own, an existing one or one of the scores feed. */
export function createBoardCreation(ctx: BoardContext, repo: CreateBoardSql) {
  const { deps, clock } = ctx;

  return {
    /**
     * Admin: creates a board on an existing game or a new one (named after the board, or `<slug>-game` when
     * that is taken); the game's next board number is its sequence and it gets a fresh draw seed.
     */
    async createBoard(
      input: CreateBoardInput & { organizationId?: string | undefined },
    ): Promise<{ board: BoardRow; game: GameRow }> {
      refuseImpossibleSettings(input);
      const now = clock.now();
      if (await repo.slugTaken('boards', input.slug)) {
        throw new AppError(409, adminErrorCodes.slugTaken, 'A board with this address already exists.', {
          slug: 'Already taken: choose another address',
        });
      }
      let game: GameRow | undefined;
      if (input.gameId) {
        game = await repo.gameById(input.gameId);
        if (!game) {
          throw new AppError(400, adminErrorCodes.gameNotFound, 'That game does not exist.', {
            gameId: 'Choose a game from the list',
          });
        }
        refuseImpossibleGame('gameId', game, now);
      } else if (input.game) {
        const startsAt = new Date(input.game.startsAt);
        refuseImpossibleGame('game.startsAt', { ...input.game, startsAt }, now);
        const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
        game = await repo.insertGame({ ...input.game, slug: gameSlug, startsAt });
      } else if (input.feedGame) {
        // The feed's game: the games row already linked to it, or a new one with the feed's teams and start.
        if (!deps.feedGames) throw new Error('createBoard: boards on feed games need the feed');
        const { league, eventId } = input.feedGame;
        const periodsProblem = feedPrizeKeysProblem(
          leagueSports[league],
          input.prizeTable.map((p) => p.key),
        );
        if (periodsProblem) {
          throw new AppError(400, adminErrorCodes.feedPeriodsUnknown, periodsProblem, { prizeTable: periodsProblem });
        }
        const fed = await deps.feedGames.find(league, eventId);
        refuseFinishedFeedGame(fed);
        const feedId = feedIdOf(league, eventId);
        game = await repo.gameByFeedId(feedId);
        // The board plays by the games row already linked to the feed game, else by the feed's own start.
        refuseImpossibleGame('feedGame', game ?? fed, now);
        if (!game) {
          const gameSlug = (await repo.slugTaken('games', input.slug)) ? `${input.slug}-game` : input.slug;
          game = await repo.insertGame({
            slug: gameSlug,
            league: league.toUpperCase(),
            teamA: fed.teamA,
            teamB: fed.teamB,
            startsAt: fed.startsAt,
            venue: `${fed.teamA} (home)`,
            feedId,
          });
        }
      }
      if (!game) throw new Error('createBoard: no game');
      const { seed, seedHash } = newDrawSeed();
      const board = await repo.insertBoard({
        slug: input.slug,
        gameId: game.id,
        sequence: await repo.nextSequence(game.id),
        format: input.format,
        entryRule: input.entryRule,
        prizeTable: input.prizeTable,
        organization: input.organization,
        ...(input.organizationId ? { organizationId: input.organizationId } : {}),
        paymentRequired: input.paymentRequired,
        unfilledPolicy: input.unfilledPolicy ?? 'play-on',
        minEntries: input.unfilledPolicy === 'cancel-below' ? (input.minEntries ?? null) : null,
        claimWindowDays: input.claimWindowDays ?? CLAIM_WINDOW_DAYS_DEFAULT,
        payoutMethods: input.payoutMethods ?? ['pickup'],
        mode: input.mode,
        legalName: input.legalName ?? null,
        registration: input.registration ?? null,
        beneficiary: input.beneficiary ?? null,
        minimumAge: input.minimumAge ?? MINIMUM_AGE_DEFAULT,
        freeEntriesPerPerson: input.freeEntriesPerPerson ?? FREE_ENTRIES_PER_PERSON_DEFAULT,
        freeEntriesPerBoard: input.freeEntriesPerBoard ?? null,
        seed,
        seedHash,
      });
      return { board, game };
    },
  };
}
