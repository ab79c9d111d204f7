import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEV_OUTBOX_PAGE_SIZE,
  devMailListSchema,
  devMailPageQuerySchema,
  devTextsPageQuerySchema,
  devTextsSchema,
} from '../../../shared/contracts/dev-outbox';
import { apiPaths } from '../../../shared/contracts/paths';
import type { OutboxMailer } from '../../platform/mail/mailer';
import type { SmsOutbox } from '../../platform/sms';

/**
 * The dev outbox as JSON for the /dev/mail screen, a page of 100 at a time, newest first (`before` pages back).
 * Only mounted outside production with the outbox mailer.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ outbox: OutboxMailer }> = async (app, { outbox }) => {
  const schema = { querystring: devMailPageQuerySchema, response: { 200: devMailListSchema } };
  app.get(apiPaths.devMail, { schema }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const before = req.query.before === undefined ? undefined : Number(req.query.before);
    const rows = await outbox.list(DEV_OUTBOX_PAGE_SIZE + 1, before);
    const messages = rows.slice(0, DEV_OUTBOX_PAGE_SIZE);
    const last = messages.at(-1);
    return {
      older: rows.length > DEV_OUTBOX_PAGE_SIZE && last ? String(last.seq) : null,
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

/**
 * The texts outbox as JSON for the Texts list of /dev/mail, a page of 100 at a time, newest first (`before`
 * pages back). Only mounted outside production with the dev text outbox.
 */
export const devTextsRoutes: FastifyPluginAsyncZod<{ texts: Pick<SmsOutbox, 'recent'> }> = async (app, { texts }) => {
  const schema = { querystring: devTextsPageQuerySchema, response: { 200: devTextsSchema } };
  app.get(apiPaths.devTexts, { schema }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const [ms, id] = req.query.before?.split('_') ?? [];
    const before = ms && id ? { createdAt: new Date(Number(ms)), id } : undefined;
    const rows = await texts.recent(DEV_OUTBOX_PAGE_SIZE + 1, before);
    const page = rows.slice(0, DEV_OUTBOX_PAGE_SIZE);
    const last = page.at(-1);
    return {
      older: rows.length > DEV_OUTBOX_PAGE_SIZE && last ? `${last.createdAt.getTime()}_${last.id}` : null,
      texts: page.map((t) => ({
        id: t.id,
        to: t.to,
        body: t.body,
        status: t.status,
        at: (t.sentAt ?? t.createdAt).toISOString(),
      })),
    };
  });
};
