import type { BoardsService } from '../boards';
import { defineFeature } from '../feature';
import type { FeedService } from '../feed';
import { demoJobs, seededDemoJobs } from './jobs';
import { createDemoRepo } from './repo';
import { demoRoutes } from './routes';
import { createDemoService } from './service';

/** The embedded demo's recurring boards: set up, filled and (through the feed's lifecycle) scored by themselves. */
export const demoFeature = defineFeature({
  name: 'demo',
  build(ctx, { feed, boards }: { feed: FeedService; boards: { service: BoardsService } }) {
    const source = ctx.scoresSource;
    if (!ctx.settings.demoRounds || source.kind !== 'fixtures') return undefined;
    return createDemoService({
      repo: createDemoRepo(ctx.db),
      clock: ctx.clock,
      source,
      feed,
      boards: boards.service,
      log: ctx.log,
    });
  },
  async register(app, service) {
    if (service) await app.register(demoRoutes, { apiGroup: 'demo', service });
  },
  jobs: (service, ctx) => [
    ...(service ? demoJobs({ service }) : []),
    ...(ctx.settings.seedDemo
      ? seededDemoJobs({ db: ctx.db, clock: ctx.clock, startAfterMs: ctx.settings.demoStartAfterMs })
      : []),
  ],
});
