import { defineFeature } from '../feature';
import { adminGateRoutes } from './routes';

/** The admin gate's sign-in (its guard is registered before every route: app.ts). */
export const adminGateFeature = defineFeature({
  name: 'adminGate',
  build: (ctx) => ctx.gate,
  async register(app, gate, ctx) {
    await app.register(adminGateRoutes, { apiGroup: 'admin-gate', gate, secureCookies: ctx.settings.production });
  },
});
