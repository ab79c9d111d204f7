import { defineFeature } from '../feature';
import { createTrackedGamesRepo } from './repo';
import { trackedGameRoutes } from './routes';
import { createTrackedGamesService } from './service';

/** The games a fan follows. */
export const trackedGamesFeature = defineFeature({
  name: 'trackedGames',
  build: (ctx) => createTrackedGamesService({ repo: createTrackedGamesRepo(ctx.db), clock: ctx.clock }),
  async register(app, service, ctx) {
    await app.register(trackedGameRoutes, { apiGroup: 'tracked-games', service, userOf: ctx.userOf });
  },
});
