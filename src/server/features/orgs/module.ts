import { defineFeature } from '../feature';
import { createOrgsRepo } from './repo';
import { orgRoutes } from './routes';
import { createOrgsService } from './service';

/** Organizations: their members, roles and invitations (the guard of organizer routes: guard.ts, from app.ts). */
export const orgsFeature = defineFeature({
  name: 'orgs',
  build: (ctx) =>
    createOrgsService({ repo: createOrgsRepo(ctx.db), auth: ctx.auth, clock: ctx.clock, limiter: ctx.limiter }),
  async register(app, service, ctx) {
    await app.register(orgRoutes, { apiGroup: 'orgs', service, userOf: ctx.userOf });
  },
});
