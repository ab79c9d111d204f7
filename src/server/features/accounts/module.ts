import { defineFeature } from '../feature';
import { accountRoutes } from './routes';

/** Fans' accounts: sign-up, sign-in, password resets (the auth itself is a platform part: ctx.auth). */
export const accountsFeature = defineFeature({
  name: 'accounts',
  build: (ctx) => ctx.auth,
  async register(app, auth, ctx) {
    const { settings } = ctx;
    await app.register(accountRoutes, {
      apiGroup: 'accounts',
      auth,
      db: ctx.db,
      limiter: ctx.limiter,
      loginAttempts: ctx.loginAttempts,
      publicUrl: settings.publicUrl,
      clock: ctx.clock,
      ipLimit: { max: settings.authRateLimitPerMinute, windowMs: 60_000 },
      secret: settings.authSecret,
      secureCookies: settings.production,
      twoFactorRequired: settings.twoFactorRequired,
    });
  },
});
