import { createAdminLedger } from '../admin';
import { defineFeature } from '../feature';
import { orgPageRoutes } from './routes';
import { createOrgPages } from './service';

/** Organizations' public pages (`/o/<slug>`): who they are, their boards to come, what their boards raised. */
export const orgPagesFeature = defineFeature({
  name: 'orgPages',
  build: (ctx) =>
    createOrgPages({
      db: ctx.db,
      clock: ctx.clock,
      // The one ledger of money (decision 0023), read for the organization's boards.
      ledger: createAdminLedger({
        db: ctx.db,
        demoBoards: ctx.demoBoards,
        log: ctx.log,
        mode: ctx.ledgerCheck ?? 'warn',
      }),
    }),
  async register(app, pages) {
    await app.register(orgPageRoutes, { apiGroup: 'orgs', pages });
  },
});
