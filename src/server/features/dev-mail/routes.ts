import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/contracts/paths';
import type { OutboxMailer } from '../../platform/mail/mailer';

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
