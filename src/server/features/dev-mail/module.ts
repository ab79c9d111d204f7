import { defineFeature } from '../feature';
import { devMailRoutes, devTextsRoutes } from './routes';

/** The development outboxes' pages: mail and texts sent nowhere else, outside production only. */
export const devMailFeature = defineFeature({
  name: 'devMail',
  build: () => undefined,
  async register(app, _service, ctx) {
    if (ctx.settings.production) return;
    if (ctx.mailer.kind === 'outbox')
      await app.register(devMailRoutes, { apiGroup: 'dev-mail', outbox: ctx.devOutbox });
    if (ctx.devTexts) await app.register(devTextsRoutes, { apiGroup: 'dev-mail', texts: ctx.smsOutbox });
  },
});
