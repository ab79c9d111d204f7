import { defineFeature } from '../feature';
import { createUploadsRepo } from './repo';
import { uploadRoutes } from './routes';
import { createUploadsService } from './service';

/** Uploaded images, kept in the blob storage. */
export const uploadsFeature = defineFeature({
  name: 'uploads',
  build: (ctx) =>
    createUploadsService({
      repo: createUploadsRepo(ctx.db),
      storage: ctx.storage,
      clock: ctx.clock,
      publicUrl: ctx.settings.publicUrl,
    }),
  async register(app, service) {
    await app.register(uploadRoutes, { apiGroup: 'uploads', service });
  },
});
