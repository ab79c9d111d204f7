import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/contracts/paths';
import {
  affiliateRedirectSchema,
  checkoutStartedResponseSchema,
  donationViewResponseSchema,
  localPaidResponseSchema,
  localSessionResponseSchema,
  paymentViewResponseSchema,
  tipCheckoutStartedResponseSchema,
  tipViewResponseSchema,
} from '../../../shared/contracts/payment-responses';
import {
  affiliateClickSchema,
  donationCheckoutSchema,
  localPaySchema,
  paymentErrorCodes,
  tipCheckoutSchema,
} from '../../../shared/contracts/payments';
import { singleLine } from '../../../shared/contracts/text';
import { cardMessages, testCards } from '../../../shared/domain/payments';
import { sessionHeaders } from '../../http/cookies';
import { AppError } from '../../http/errors';
import { expireLocalCheckouts } from './jobs';
import { monthlyGiftRoutes } from './monthly-routes';
import type { EntryOfPayment, PaymentsService } from './service';

const p = apiPaths.payments;
const sessionParams = z.object({ id: singleLine('Session').min(1).max(200) });
const referenceParams = z.object({ reference: singleLine('Reference').min(1).max(100) });
/** A payment's views change as it settles: never cached (a route's preHandler). */
const noStore = async (_req: unknown, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/** The webhook, in its own scope: its JSON body stays the raw string the signature was made over. */
const webhookRoute: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(p.webhook, async (req) => {
    const signature = req.headers['stripe-signature'];
    return service.receiveWebhook(String(req.body ?? ''), typeof signature === 'string' ? signature : undefined);
  });
};

/**
 * Posts a locally signed event to FanGrid's own webhook, through the same HTTP route Stripe would use.
 * Answers whether the event changed the payment (false: another event had already closed the checkout).
 */
async function deliver(app: FastifyInstance, event: { raw: string; signature: string }): Promise<boolean> {
  const res = await app.inject({
    method: 'POST',
    url: p.webhook,
    payload: event.raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
  if (res.statusCode !== 200) throw new Error(`local webhook answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { applied?: unknown }).applied === true;
}

export const paymentRoutes: FastifyPluginAsyncZod<{
  service: PaymentsService;
  viewerOf: (headers: Headers) => Promise<{ userId: string | null }>;
  secureCookies: boolean;
  /** The entry a checkout paid for, shown on its confirmation (the boards feature reads it). */
  entryOfPayment: EntryOfPayment;
}> = async (app, { service, viewerOf, secureCookies, entryOfPayment }) => {
  await app.register(webhookRoute, { service });
  await app.register(monthlyGiftRoutes, { service, viewerOf, secureCookies });
  const userOf = async (cookie: string | undefined) => (await viewerOf(sessionHeaders(cookie))).userId;

  app.post(
    apiPaths.donations.checkout,
    { schema: { body: donationCheckoutSchema, response: { 201: checkoutStartedResponseSchema } } },
    async (req, reply) => reply.code(201).send(await service.startDonation(req.body, await userOf(req.headers.cookie))),
  );
  app.get(
    apiPaths.donations.one.pattern,
    { schema: { params: referenceParams, response: { 200: donationViewResponseSchema } }, preHandler: noStore },
    async (req) => service.donation(req.params.reference),
  );
  app.get(
    p.sessionDonation.pattern,
    { schema: { params: sessionParams, response: { 200: donationViewResponseSchema } }, preHandler: noStore },
    async (req) => service.donationBySession(req.params.id),
  );

  app.get(
    p.session.pattern,
    { schema: { params: sessionParams, response: { 200: paymentViewResponseSchema } }, preHandler: noStore },
    async (req) => service.payment(req.params.id, entryOfPayment),
  );

  app.post(
    apiPaths.tips.checkout,
    { schema: { body: tipCheckoutSchema, response: { 201: tipCheckoutStartedResponseSchema } } },
    async (req, reply) => reply.code(201).send(await service.startTip(req.body, await userOf(req.headers.cookie))),
  );
  app.get(
    apiPaths.tips.one.pattern,
    { schema: { params: referenceParams, response: { 200: tipViewResponseSchema } }, preHandler: noStore },
    async (req) => service.tip(req.params.reference),
  );

  app.post(
    apiPaths.affiliateClicks,
    { schema: { body: affiliateClickSchema, response: { 200: affiliateRedirectSchema } } },
    async (req) => service.recordAffiliateClick(req.body.site, req.body.handle, await userOf(req.headers.cookie)),
  );

  // The local test checkout exists only while it is the provider: with Stripe its routes are not there
  // at all (404), so nothing but a Stripe-signed event can settle a payment.
  if (service.kind !== 'local') return;

  // The local test checkout: its page reads the session, pays with a test card or cancels.
  // Checkouts whose time is up are also closed every minute by the payments job (jobs.ts).
  const expireDue = () => expireLocalCheckouts(service, (event) => deliver(app, event));

  app.get(
    p.localSession.pattern,
    { schema: { params: sessionParams, response: { 200: localSessionResponseSchema } }, preHandler: noStore },
    async (req) => {
      const session = await service.localSession(req.params.id);
      if (session.status === 'expired') await expireDue();
      const { successUrl: _s, ...view } = session;
      return view;
    },
  );

  /** The checkout, if it is still open; 409 otherwise (an expired one is expired for everyone first). */
  const openSession = async (id: string) => {
    const session = await service.localSession(id);
    if (session.status !== 'pending') {
      if (session.status === 'expired') await expireDue();
      throw new AppError(409, paymentErrorCodes.checkoutClosed, cardMessages.closed);
    }
    return session;
  };

  app.post(
    p.localPay.pattern,
    { schema: { params: sessionParams, body: localPaySchema, response: { 200: localPaidResponseSchema } } },
    async (req) => {
      const session = await openSession(req.params.id);
      service.checkTestCard(req.body);
      // A monthly gift paid with the card that declines renewals keeps that card: its renewals fail.
      const declines =
        session.mode === 'subscription' && req.body.number.replace(/[\s-]/g, '') === testCards.declinesOnRenewal;
      const metadata: Record<string, string> = declines ? { localCard: 'declines' } : {};
      // Paid only if this event is the one that closes the checkout (a concurrent pay or cancel lost).
      if (!(await deliver(app, service.localClosingEvent('completed', session, metadata, req.body.email)))) {
        throw new AppError(409, paymentErrorCodes.checkoutClosed, cardMessages.closed);
      }
      return { redirectUrl: session.successUrl };
    },
  );

  // Cancel: the checkout expires now (Stripe's "expire a session"), so a paid entry frees its cells at once.
  app.post(
    p.localCancel.pattern,
    { schema: { params: sessionParams, response: { 200: localPaidResponseSchema } } },
    async (req) => {
      const session = await openSession(req.params.id);
      if (!(await deliver(app, service.localClosingEvent('expired', session)))) {
        throw new AppError(409, paymentErrorCodes.checkoutClosed, cardMessages.closed);
      }
      return { redirectUrl: session.cancelUrl };
    },
  );
};
