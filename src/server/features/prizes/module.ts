import { writeAudit } from '../../platform/audit';
import { defineFeature } from '../feature';
import { prizeJobs } from './jobs';
import { createPrizesRepo } from './repo';
import { prizeRoutes } from './routes';
import { createPrizesService } from './service';

/** Prizes follow each scoring in its transaction and text winners through the sms outbox. */
export const prizesFeature = defineFeature({
  name: 'prizes',
  build(ctx) {
    const { db, clock, settings, workers } = ctx;
    return createPrizesService({
      db,
      repo: createPrizesRepo(db),
      clock,
      random: ctx.random,
      secret: settings.authSecret,
      publicUrl: settings.publicUrl,
      outbox: ctx.smsOutbox,
      limiter: ctx.limiter,
      audit: (q, event) => writeAudit(q, { at: clock.now(), ...event }),
      mail: ctx.mailNotifications,
      qr: async (link) => (await workers.run('boardQr', link)).svg,
    });
  },
  async register(app, service, ctx) {
    await app.register(prizeRoutes, {
      apiGroup: 'prizes',
      service,
      clock: ctx.clock,
      userOf: ctx.userOf,
      emailOf: ctx.emailOf,
    });
  },
  jobs: (service) => prizeJobs({ service }),
});
