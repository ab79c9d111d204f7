import { countingFailures } from '../../platform/scores';
import type { AdminService } from '../admin';
import type { BoardsService } from '../boards';
import { defineFeature } from '../feature';
import { feedJobs } from './jobs';
import { createFeedRepo } from './repo';
import { feedRoutes } from './routes';
import { createFeedService } from './service';

/** The feed's schedule and live games (the scores platform's source, so `live` reads go to SCORES_BASE_URL). */
export const feedFeature = defineFeature({
  name: 'feed',
  build(
    ctx,
    { boards, admin }: { boards: { service: BoardsService }; admin: { service: Pick<AdminService, 'recordChange'> } },
  ) {
    return createFeedService({
      repo: createFeedRepo(ctx.db),
      // Its failed fetches are logged and skipped there; they count in the metrics like the ticker's.
      source: countingFailures(ctx.scoresSource, (league) => ctx.metrics.feedFailed(league)),
      clock: ctx.clock,
      scheduleDays: ctx.settings.scoresScheduleDays,
      log: ctx.log,
      // The lifecycle locks, scores and ends the boards of the games it follows.
      boards: boards.service,
      // The feed's corrections of a scored period go to the admin audit log, as the actor 'feed'.
      audit: (change) => admin.service.recordChange('feed', change),
    });
  },
  async register(app, service) {
    await app.register(feedRoutes, { apiGroup: 'feed', service });
  },
  jobs: (service, ctx) => feedJobs({ service, pollMs: ctx.settings.scoresPollSeconds * 1000 }),
});
