import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/contracts/paths';
import { smsErrorCodes, smsInboundSchema } from '../../../shared/contracts/sms';
import { AppError } from '../../http/errors';
import { messagingResponse, twilioSignatureValid } from '../../platform/sms';
import type { SmsService } from './service';

/**
 * Twilio's inbound messaging webhook. The form is read as strings, its X-Twilio-Signature checked over the
 * public URL Twilio called, and only then acted on; a missing or wrong signature gets 403 and changes nothing.
 * Without a Twilio auth token nothing can be checked, so every request is refused.
 */
export const smsRoutes: FastifyPluginAsyncZod<{
  service: SmsService;
  authToken: string | undefined;
  publicUrl: string;
}> = async (app, { service, authToken, publicUrl }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(apiPaths.sms.inbound, async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const signature = req.headers['x-twilio-signature'];
    const url = `${publicUrl}${req.url}`;
    if (
      !authToken ||
      typeof form !== 'object' ||
      !(await twilioSignatureValid(authToken, typeof signature === 'string' ? signature : undefined, url, form))
    ) {
      throw new AppError(403, smsErrorCodes.signature, 'The request is not signed by Twilio.');
    }
    const inbound = smsInboundSchema.safeParse(form);
    if (!inbound.success)
      throw new AppError(400, smsErrorCodes.inbound, 'The inbound text is missing its sender or id.');
    const outcome = await service.receive(inbound.data);
    reply.header('content-type', 'text/xml; charset=utf-8');
    return messagingResponse(outcome.reply ?? undefined);
  });
};
