import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  donorLinkRequestSchema,
  donorLinkSentSchema,
  donorSessionRequestSchema,
  donorSessionSchema,
  giftAmountSchema,
  giftCardPortalSchema,
  localPaySchema,
  monthlyGiftSchema,
  monthlyGiftsSchema,
  paymentErrorCodes,
  renewedNowSchema,
  renewNowSchema,
  statementQuerySchema,
} from '../../../shared/contracts/payments';
import { readCookie, serializeCookie, sessionHeaders } from '../../http/cookies';
import { AppError } from '../../http/errors';
import { DONOR_COOKIE, donorLinkLimits, donorSessionTtlMs } from './monthly';
import { statementFilename } from './monthly-emails';
import type { PaymentsService } from './service';

const m = apiPaths.donations.monthly;
const giftParams = z.object({ id: z.string().min(1).max(100) });
/** The donor cookie is sent only to the monthly-gift routes. */
const cookiePath = m.gifts;

/**
 * The donor's page API (docs/product.md#monthly-gifts): a single-use sign-in link by email opens a short
 * session scoped to that email's gifts (an HttpOnly cookie); a signed-in account sees its own donations'
 * gifts without one. Another donor's gift answers 404, like one that does not exist.
 */
export const monthlyGiftRoutes: FastifyPluginAsyncZod<{
  service: PaymentsService;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
  secureCookies: boolean;
}> = async (app, { service, viewerOf, secureCookies }) => {
  const gifts = service.monthly;

  const scopeOf = async (cookie: string | undefined) => {
    const userId = (await viewerOf(sessionHeaders(cookie))).userId;
    const scope = await gifts.scopeOf(readCookie(cookie, DONOR_COOKIE), userId);
    if (!scope) {
      throw new AppError(
        401,
        paymentErrorCodes.donorSessionRequired,
        'Sign in with the link we email you to manage your monthly gifts.',
      );
    }
    return scope;
  };

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    m.link,
    {
      schema: { body: donorLinkRequestSchema, response: { 202: donorLinkSentSchema } },
      config: { perAddressLimit: { scope: 'donor-link:addr', max: donorLinkLimits.perAddress.max } },
    },
    async (req, reply) => {
      reply.code(202);
      return gifts.requestLink(req.body.email, req.client);
    },
  );

  app.post(
    m.session,
    { schema: { body: donorSessionRequestSchema, response: { 200: donorSessionSchema } } },
    async (req, reply) => {
      const opened = await gifts.openSession(req.body.token);
      reply.header(
        'set-cookie',
        serializeCookie(DONOR_COOKIE, opened.sessionToken, {
          maxAgeSeconds: donorSessionTtlMs / 1000,
          secure: secureCookies,
          sameSite: 'Lax',
          path: cookiePath,
        }),
      );
      return { email: opened.email, expiresAt: opened.expiresAt.toISOString() };
    },
  );

  app.post(m.signOut, { schema: { response: { 204: z.null() } } }, async (req, reply) => {
    const token = readCookie(req.headers.cookie, DONOR_COOKIE);
    if (token) await gifts.endSession(token);
    reply.header(
      'set-cookie',
      serializeCookie(DONOR_COOKIE, '', { maxAgeSeconds: 0, secure: secureCookies, sameSite: 'Lax', path: cookiePath }),
    );
    reply.code(204);
    return null;
  });

  app.get(m.gifts, { schema: { response: { 200: monthlyGiftsSchema } } }, async (req) => {
    const scope = await scopeOf(req.headers.cookie);
    return {
      email: scope.email ?? '',
      viaAccount: scope.email === null,
      gifts: await gifts.gifts(scope),
    };
  });

  app.get(m.statement.pattern, { schema: { querystring: statementQuerySchema } }, async (req, reply) => {
    const scope = await scopeOf(req.headers.cookie);
    const pdf = await gifts.statement(scope, req.query.year);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${statementFilename(req.query.year)}"`);
    return pdf;
  });

  app.get(m.gift.pattern, { schema: { params: giftParams, response: { 200: monthlyGiftSchema } } }, async (req) =>
    gifts.gift(await scopeOf(req.headers.cookie), req.params.id),
  );

  app.post(
    m.amount.pattern,
    { schema: { params: giftParams, body: giftAmountSchema, response: { 200: monthlyGiftSchema } } },
    async (req) => gifts.changeAmount(await scopeOf(req.headers.cookie), req.params.id, req.body.amountCents),
  );

  app.post(m.card.pattern, { schema: { params: giftParams, response: { 200: giftCardPortalSchema } } }, async (req) =>
    gifts.cardPortal(await scopeOf(req.headers.cookie), req.params.id),
  );

  app.post(
    m.localCard.pattern,
    { schema: { params: giftParams, body: localPaySchema, response: { 200: monthlyGiftSchema } } },
    async (req) => gifts.updateLocalCard(await scopeOf(req.headers.cookie), req.params.id, req.body),
  );

  app.post(m.cancel.pattern, { schema: { params: giftParams, response: { 200: monthlyGiftSchema } } }, async (req) =>
    gifts.cancel(await scopeOf(req.headers.cookie), req.params.id),
  );
  // The local checkout's test clock (monthly-local.ts renewNow): only registered when it is on, so with Stripe
  // or in production the route does not exist (404).
  if (gifts.testClock) {
    app.post(
      m.renewNow.pattern,
      { schema: { params: giftParams, body: renewNowSchema, response: { 200: renewedNowSchema } } },
      async (req) => gifts.renewNow(await scopeOf(req.headers.cookie), req.params.id, new Date(req.body.periodEndsAt)),
    );
  }
};
