import { defineFeature } from '../feature';
import { contentRoutes } from './routes';

/** The site's editable pages. */
export const contentFeature = defineFeature({
  name: 'content',
  build: () => undefined,
  async register(app, _service, ctx) {
    await app.register(contentRoutes, { apiGroup: 'content', db: ctx.db });
  },
});
