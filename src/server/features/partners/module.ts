import { defineFeature } from '../feature';
import type { UploadsService } from '../uploads';
import { createPartnersRepo } from './repo';
import { partnerRoutes } from './routes';
import { createPartnersService } from './service';

/** Partner applications, mailed to the partners inbox. */
export const partnersFeature = defineFeature({
  name: 'partners',
  build: (ctx, { uploads }: { uploads: UploadsService }) => ({
    uploads,
    service: createPartnersService({
      repo: createPartnersRepo(ctx.db),
      mailer: ctx.mailer,
      clock: ctx.clock,
      inbox: ctx.settings.partnersInbox,
      onMailError: (what, err) => ctx.log.error({ err }, `${what} email failed`),
    }),
  }),
  async register(app, { service, uploads }, ctx) {
    await app.register(partnerRoutes, {
      apiGroup: 'partners',
      service,
      uploads,
      limiter: ctx.limiter,
      clock: ctx.clock,
      perHour: ctx.settings.partnersRateLimitPerHour,
    });
  },
});
