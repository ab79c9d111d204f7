import { defineFeature } from '../feature';
import { createSmsRepo } from './repo';
import { smsRoutes } from './routes';
import { createSmsService } from './service';

/** Inbound texts (STOP, START, HELP) from Twilio's signed webhook. */
export const smsFeature = defineFeature({
  name: 'sms',
  build: (ctx) => createSmsService({ db: ctx.db, repo: createSmsRepo(), outbox: ctx.smsOutbox, clock: ctx.clock }),
  async register(app, service, ctx) {
    await app.register(smsRoutes, {
      apiGroup: 'sms',
      service,
      authToken: ctx.twilioAuthToken,
      publicUrl: ctx.settings.publicUrl,
    });
  },
});
