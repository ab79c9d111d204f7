import type { EntryBudget } from '../boards';
import { defineFeature } from '../feature';
import { createBaseballRepo } from './repo';
import { baseballRoutes } from './routes';
import { createBaseballService } from './service';

/** Baseball pick'em entries, within the boards' per-address entry budget. */
export const baseballFeature = defineFeature({
  name: 'baseball',
  build: (ctx, { boards }: { boards: { entryBudget: EntryBudget } }) => ({
    service: createBaseballService({
      repo: createBaseballRepo(ctx.db),
      clock: ctx.clock,
      entryBudget: boards.entryBudget,
    }),
    entryLimit: boards.entryBudget.limit,
  }),
  async register(app, { service, entryLimit }, ctx) {
    await app.register(baseballRoutes, { apiGroup: 'baseball', service, viewerOf: ctx.viewerOf, entryLimit });
  },
});
