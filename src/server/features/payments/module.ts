import { defineFeature } from '../feature';
import { paymentJobs } from './jobs';
import { createMonthlyRepo } from './monthly-repo';
import { createPaymentsRepo } from './repo';
import { paymentRoutes } from './routes';
import { createPaymentsService, type EntryOfPayment } from './service';

/** Payments: checkouts (entries, donations, tips), the provider's webhook and monthly gifts. */
export const paymentsFeature = defineFeature({
  name: 'payments',
  build(ctx) {
    const { db, settings, payments: provider, workers } = ctx;
    return createPaymentsService({
      repo: createPaymentsRepo(db),
      monthlyRepo: createMonthlyRepo(db),
      limiter: ctx.limiter,
      // An entry payment's settlement is announced as a domain event; the boards feature handles it.
      events: ctx.domainEvents,
      provider,
      clock: ctx.clock,
      mailer: ctx.mailer,
      publicUrl: settings.publicUrl,
      log: ctx.log,
      // The test clock renews a local monthly gift now: a development tool, never in production.
      testClock: !settings.production && provider.kind === 'local',
      renderStatement: (input) => workers.run('givingStatement', input),
    });
  },
  async register(app, service, ctx, { boards }: { boards: { service: { entryOfPayment: EntryOfPayment } } }) {
    await app.register(paymentRoutes, {
      apiGroup: 'payments',
      service,
      viewerOf: ctx.viewerOf,
      secureCookies: ctx.settings.production,
      // A paid entry's confirmation shows the entry its payment settled (the boards feature reads it).
      entryOfPayment: (paymentId) => boards.service.entryOfPayment(paymentId),
    });
  },
  jobs: (service) =>
    paymentJobs({
      service,
      // The expiry job hands its signed events to the webhook's own handler, not through HTTP: it must finish
      // while the app closes, when the server already refuses requests.
      deliver: async (event) => (await service.receiveWebhook(event.raw, event.signature)).applied === true,
    }),
});
