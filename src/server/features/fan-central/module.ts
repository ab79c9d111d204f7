import type { BoardsService } from '../boards';
import { defineFeature } from '../feature';
import type { TrackedGamesService } from '../tracked-games';
import { createFanCentralRepo } from './repo';
import { fanCentralRoutes } from './routes';
import { createFanCentralService } from './service';

/** A fan's own page: entries, followed games; entries made signed out are linked to the account here. */
export const fanCentralFeature = defineFeature({
  name: 'fanCentral',
  build: (
    ctx,
    { trackedGames, boards }: { trackedGames: TrackedGamesService; boards: { service: BoardsService } },
  ) => ({
    service: createFanCentralService({ repo: createFanCentralRepo(ctx.db), clock: ctx.clock, trackedGames }),
    boards: boards.service,
  }),
  async register(app, { service, boards }, ctx) {
    await app.register(fanCentralRoutes, {
      apiGroup: 'fan-central',
      service,
      userOf: ctx.userOf,
      linkEntries: (input) => boards.linkEntries(input),
      limiter: ctx.limiter,
      clock: ctx.clock,
    });
  },
});
