import { createScoresFeed } from '../../platform/scores';
import { defineFeature } from '../feature';
import { createScoresRepo } from './repo';
import { scoresRoutes } from './routes';
import { createScoresService } from './service';

/** The scores ticker, read from the scores source. */
export const scoresFeature = defineFeature({
  name: 'scores',
  build(ctx) {
    const { clock, log, metrics } = ctx;
    const feed = createScoresFeed({
      source: ctx.scoresSource,
      clock,
      onError: (feed, err) => {
        metrics.feedFailed(feed);
        log.warn({ feed, err: (err as Error).message }, 'scores feed failed; counted as empty');
      },
    });
    return createScoresService({ feed, repo: createScoresRepo(ctx.db), clock });
  },
  async register(app, service) {
    await app.register(scoresRoutes, { apiGroup: 'scores', service });
  },
});
