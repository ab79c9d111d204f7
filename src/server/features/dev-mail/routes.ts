import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/contracts/paths';
import { devTextsSchema } from '../../../shared/contracts/sms';
import type { OutboxMailer } from '../../platform/mail/mailer';
import type { SmsOutbox } from '../../platform/sms';

export const devMailListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      from: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: z.string(),
    }),
  ),
});

/** The dev outbox as JSON for the /dev/mail screen. Only mounted outside production with the outbox mailer. */
export const devMailRoutes: FastifyPluginAsyncZod<{ outbox: OutboxMailer }> = async (app, { outbox }) => {
  app.get(apiPaths.devMail, { schema: { response: { 200: devMailListSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const messages = await outbox.list(100);
    return {
      messages: messages.map((m) => ({
        id: m.id,
        to: m.to,
        from: m.from,
        subject: m.subject,
        text: m.text,
        sentAt: m.sentAt.toISOString(),
      })),
    };
  });
};

/** The texts outbox as JSON for the Texts list of /dev/mail. Only mounted outside production with the dev text outbox. */
export const devTextsRoutes: FastifyPluginAsyncZod<{ texts: Pick<SmsOutbox, 'recent'> }> = async (app, { texts }) => {
  app.get(apiPaths.devTexts, { schema: { response: { 200: devTextsSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await texts.recent(100);
    return {
      texts: rows.map((t) => ({
        id: t.id,
        to: t.to,
        body: t.body,
        status: t.status,
        at: (t.sentAt ?? t.createdAt).toISOString(),
      })),
    };
  });
};
