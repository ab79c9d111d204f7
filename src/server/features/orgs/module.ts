import { defineFeature } from '../feature';
import { createPlatformOrgs } from './platform';
import { platformOrgRoutes } from './platform-routes';
import { createOrgsRepo } from './repo';
import { orgRoutes } from './routes';
import { createOrgsService } from './service';

/** Organizations: their members, roles and invitations (the guard of organizer routes: guard.ts, from app.ts). */
export const orgsFeature = defineFeature({
  name: 'orgs',
  build: (ctx) => ({
    service: createOrgsService({
      repo: createOrgsRepo(ctx.db),
      auth: ctx.auth,
      clock: ctx.clock,
      limiter: ctx.limiter,
    }),
    platform: createPlatformOrgs({
      db: ctx.db,
      clock: ctx.clock,
      mailer: ctx.mailer,
      publicUrl: ctx.settings.publicUrl,
    }),
  }),
  async register(app, { service, platform }, ctx) {
    await app.register(orgRoutes, { apiGroup: 'orgs', service, userOf: ctx.userOf });
    await app.register(platformOrgRoutes, { apiGroup: 'admin', platform, emailOf: ctx.emailOf });
  },
});
