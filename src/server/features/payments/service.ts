import { randomInt, randomUUID } from 'node:crypto';
import type {
  CheckoutStarted,
  DonationCheckoutInput,
  DonationView,
  GameData,
  LocalSession,
  PaymentView,
  TipCheckoutInput,
  TipView,
} from '../../../shared/contracts/payments';
import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { paymentMessages, testCardProblem, tipFee } from '../../../shared/domain/payments';
import { type StreamSite, streamLinkHref } from '../../../shared/domain/stream-links';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { DomainEventOf, DomainEvents, RecordedEvent } from '../../platform/domain-events';
import type { Mailer } from '../../platform/mail/mailer';
import {
  type LocalPaymentProvider,
  type PaymentEvent,
  type PaymentProvider,
  WebhookEventError,
  WebhookSignatureError,
} from '../../platform/payments';
import type { createRateLimiter } from '../../platform/rate-limit';
import { donationReceiptEmail } from './emails';
import { createMonthlyGifts, giftEventTypes, recipientOf } from './monthly';
import type { MonthlyRepo } from './monthly-repo';
import type { DonationRow, PaymentRow, PaymentsRepo, TipRow } from './repo';
import type { StatementInput } from './statement';

/** How long a checkout stays open. Stripe's minimum is 30 minutes. */
const checkoutTtlMs = 30 * 60_000;

/** Which status an event moves a payment to (null: it changes nothing). A payment that arrives wins. */
export function nextPaymentStatus(
  event: Pick<PaymentEvent, 'type' | 'paymentStatus'>,
  current: PaymentRow['status'],
): Exclude<PaymentRow['status'], 'refunded'> | null {
  if (current === 'refunded') return null;
  switch (event.type) {
    case 'checkout.session.completed':
      return event.paymentStatus === 'paid' || event.paymentStatus === 'no_payment_required' ? 'paid' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return current === 'paid' ? null : 'failed';
    case 'checkout.session.expired':
      return current === 'pending' ? 'expired' : null;
    default:
      return null;
  }
}

/**
 * Why an event that would make a payment paid contradicts it (null: it agrees). A checkout that charged
 * another amount or currency than FanGrid asked for (a $0 'no_payment_required' completion, a discount
 * nobody offered) settles nothing: the money FanGrid was to receive did not arrive.
 */
export function paidAmountProblem(
  event: Pick<PaymentEvent, 'amountTotal' | 'currency'>,
  payment: Pick<PaymentRow, 'amountCents'>,
): string | null {
  if (event.amountTotal !== payment.amountCents) {
    return `the checkout charged ${event.amountTotal ?? 'no amount'} instead of ${payment.amountCents} cents`;
  }
  if (event.currency?.toLowerCase() !== 'usd') {
    return `the checkout charged in ${event.currency ?? 'no currency'}, not usd`;
  }
  return null;
}

/** The id of the event that closes a local checkout, paid or expired: one per session, so it closes once. */
export const localClosingEventId = (sessionId: string) => `evt_local_close_${sessionId}`;

const upperAlnum = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const token = (n: number) => Array.from({ length: n }, () => upperAlnum[randomInt(upperAlnum.length)]).join('');

/** What a settled entry payment tells the boards feature for the entry's receipt. */
export type EntryPaid = DomainEventOf<'entry-payment.settled'>['paid'];

/** The entry a payment pays for, as its confirmation shows it (its cells: none once released). */
export type EntryOfPayment = (
  paymentId: string,
) => Promise<{ code: string; ticketNumber: string; cells: number[] } | undefined>;

export function createPaymentsService(deps: {
  repo: PaymentsRepo;
  /**
   * Where an entry payment's settlement is announced: `entry-payment.settled` or `entry-payment.failed`, written in
   * the transaction that changes the payment and delivered once it commits (the boards feature settles the
   * entry's held cells), before the webhook answers.
   */
  events: Pick<DomainEvents, 'record' | 'deliver'>;
  provider: PaymentProvider;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Monthly gifts' tables (a separate repo: their own SQL). */
  monthlyRepo: MonthlyRepo;
  /** Rate limits of the donor page's manage-link requests. */
  limiter: Pick<ReturnType<typeof createRateLimiter>, 'hit'>;
  /** The local checkout's test clock is on (outside production only; monthly.ts renewNow). */
  testClock?: boolean;
  /** Builds a giving statement's PDF off the event loop (a worker thread); on this thread when omitted. */
  renderStatement?: (input: StatementInput) => Promise<Uint8Array>;
}) {
  const { repo, provider, clock, publicUrl } = deps;
  const monthly = createMonthlyGifts({
    repo: deps.monthlyRepo,
    provider,
    clock,
    mailer: deps.mailer,
    limiter: deps.limiter,
    publicUrl,
    log: deps.log,
    deliver: (raw, signature) => receiveWebhook(raw, signature),
    testClock: deps.testClock ?? false,
    renderStatement: deps.renderStatement,
  });
  const url = (path: string) => `${publicUrl}${path}`;

  async function openCheckout(
    payment: PaymentRow,
    email: string | undefined,
    reference: string,
  ): Promise<CheckoutStarted> {
    try {
      const session = await provider.createCheckout({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        mode: payment.mode,
        description: payment.description,
        customerEmail: email,
        successUrl: payment.successUrl,
        cancelUrl: payment.cancelUrl,
        expiresAt: payment.expiresAt,
      });
      await repo.setSession(payment.id, session.sessionId);
      return { url: session.url, sessionId: session.sessionId, reference };
    } catch (err) {
      deps.log.error({ err, paymentId: payment.id }, 'checkout could not be created');
      await repo.abandon(payment.id);
      throw new AppError(502, paymentErrorCodes.providerFailed, paymentMessages.paymentError);
    }
  }

  /**
   * Whether a payment moved no real money: the local checkout's always; Stripe's by the mode its session
   * was opened in (test sessions are `cs_test_…`), so a later switch of keys does not relabel old ones.
   */
  const testModeOf = (p: Pick<PaymentRow, 'provider' | 'sessionId'> | undefined): boolean => {
    if (!p) return provider.testMode;
    if (p.provider === 'local') return true;
    return p.sessionId ? p.sessionId.startsWith('cs_test_') : provider.testMode;
  };

  /**
   * The webhook: signature and freshness first (400, nothing changes), then the event applied once.
   * A paid donation gets its receipt after the transaction commits.
   */
  async function receiveWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    let event: PaymentEvent;
    try {
      event = provider.parseWebhook(rawBody, signature, clock.now().getTime());
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        throw new AppError(400, paymentErrorCodes.badSignature, `Webhook refused: ${err.message}`);
      }
      if (err instanceof WebhookEventError) {
        deps.log.warn({ reason: err.message }, 'a signed webhook could not be read; nothing changed');
        throw new AppError(400, paymentErrorCodes.badEvent, `Webhook refused: ${err.message}`);
      }
      throw err;
    }
    // A monthly gift's renewals and state: invoices and subscription events.
    if (giftEventTypes.has(event.type)) {
      return { received: true, applied: (await monthly.applyEvent(event, clock.now())).applied };
    }
    let contradiction: string | null = null;
    const receivedAt = clock.now();
    const announced: RecordedEvent[] = [];
    const result = await repo.applyEvent(
      { ...event, provider: provider.kind, receivedAt },
      (p) => {
        const next = nextPaymentStatus(event, p.status);
        contradiction = next === 'paid' ? paidAmountProblem(event, p) : null;
        return contradiction ? null : next;
      },
      // A paid subscription checkout starts its monthly gift in the same transaction.
      (tx, payment) => monthly.startGift(tx, event, payment, receivedAt),
      async (tx, payment) => {
        if (payment.purpose !== 'entry') return;
        announced.push(
          await deps.events.record(
            tx,
            payment.status === 'paid'
              ? {
                  type: 'entry-payment.settled',
                  paymentId: payment.id,
                  paid: { payerEmail: event.payerEmail, testMode: testModeOf(payment) },
                }
              : { type: 'entry-payment.failed', paymentId: payment.id },
          ),
        );
      },
    );
    // Committed: the entry is settled before the webhook answers (a failed handler is retried by the job).
    await deps.events.deliver(announced);
    if (contradiction) {
      deps.log.error(
        { eventId: event.id, sessionId: event.sessionId, problem: contradiction },
        'a payment event contradicts the payment it names; nothing changed',
      );
    }
    if (result.applied && result.payment?.status === 'paid' && result.payment.purpose === 'donation') {
      const donation = await repo.donationByPayment(result.payment.id);
      if (donation) {
        const view =
          donation.kind === 'wnba'
            ? url(`/wnba-success?donation=${donation.reference}`)
            : url(`/payment-success?session_id=${result.payment.sessionId}`);
        const receipt = donationReceiptEmail(donation, view, {
          testMode: testModeOf(result.payment),
          organization: recipientOf(donation),
          manageUrl: donation.type === 'recurring' ? url('/donations/monthly') : null,
        });
        await deps.mailer.send(receipt).catch((err: unknown) => {
          deps.log.error({ err, reference: donation.reference }, 'donation receipt could not be sent');
        });
      }
    }
    return { received: true, applied: result.applied };
  }

  const donationView = (d: DonationRow, p: PaymentRow | undefined): DonationView => ({
    reference: d.reference,
    kind: d.kind,
    type: d.type,
    amountCents: d.amountCents,
    donorName: d.donorName,
    message: d.message,
    gameData: d.gameData as GameData,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt?.toISOString() ?? null,
    testMode: testModeOf(p),
  });

  const tipView = (t: TipRow, p: PaymentRow | undefined): TipView => ({
    reference: t.id,
    streamer: t.streamer,
    amountCents: t.amountCents,
    feeCents: t.feeCents,
    netCents: t.amountCents - t.feeCents,
    message: t.message,
    status: t.status,
    testMode: testModeOf(p),
  });

  return {
    kind: provider.kind,
    testMode: provider.testMode,
    /** Monthly gifts: renewals, the donor's page and year-end statements. */
    monthly,

    /** A donation checkout, recorded first so the webhook finds what it pays for. */
    async startDonation(input: DonationCheckoutInput, userId: string | null): Promise<CheckoutStarted> {
      const now = clock.now();
      const reference = input.kind === 'wnba' ? `WNBA-${now.getTime()}-${token(4)}` : `DON-${token(10)}`;
      const success =
        input.kind === 'wnba'
          ? url(`/wnba-success?donation=${reference}`)
          : url('/payment-success?session_id={CHECKOUT_SESSION_ID}');
      const cancel = url(input.kind === 'wnba' ? '/wnba-games' : '/baseball-games');
      const { payment } = await repo.createDonation(
        {
          provider: provider.kind,
          purpose: 'donation',
          mode: input.type === 'recurring' ? 'subscription' : 'payment',
          amountCents: input.amountCents,
          description: `Donation: ${input.gameData.title}${input.type === 'recurring' ? ' (monthly)' : ''}`,
          successUrl: success,
          cancelUrl: cancel,
          createdAt: now,
          expiresAt: new Date(now.getTime() + checkoutTtlMs),
        },
        {
          reference,
          kind: input.kind,
          type: input.type,
          amountCents: input.amountCents,
          donorName: input.donorName,
          donorEmail: input.donorEmail,
          donorPhone: input.donorPhone || null,
          message: input.message || null,
          gameData: input.gameData,
          userId,
          createdAt: now,
        },
      );
      return openCheckout(payment, input.donorEmail, reference);
    },

    async startTip(input: TipCheckoutInput, userId: string | null): Promise<CheckoutStarted & { feeCents: number }> {
      const now = clock.now();
      const { feeCents } = tipFee(input.amountCents);
      const tipId = randomUUID();
      const { payment } = await repo.createTip(
        {
          provider: provider.kind,
          purpose: 'tip',
          mode: 'payment',
          amountCents: input.amountCents,
          description: `Tip for ${input.streamer}`,
          successUrl: url(`/tips/${tipId}`),
          cancelUrl: url('/gaming'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + checkoutTtlMs),
        },
        {
          id: tipId,
          streamer: input.streamer,
          amountCents: input.amountCents,
          feeCents,
          message: input.message || null,
          userId,
          createdAt: now,
        },
      );
      return { ...(await openCheckout(payment, undefined, tipId)), feeCents };
    },

    /**
     * A paid board entry's checkout: open while its cells are held (the provider may need it open longer;
     * the hold still ends on time and a later payment follows the board's rule).
     */
    async startEntryCheckout(input: {
      amountCents: number;
      description: string;
      heldUntil: Date;
      successPath: string;
      cancelPath: string;
    }): Promise<{ url: string; sessionId: string; paymentId: string }> {
      const now = clock.now();
      const expiresAt = new Date(Math.max(input.heldUntil.getTime(), now.getTime() + provider.minCheckoutMs));
      const payment = await repo.createPayment({
        provider: provider.kind,
        purpose: 'entry',
        mode: 'payment',
        amountCents: input.amountCents,
        description: input.description,
        // The screen it returns to reads the checkout back by its id (the provider fills the placeholder in).
        successUrl: url(
          `${input.successPath}${input.successPath.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
        ),
        cancelUrl: url(input.cancelPath),
        createdAt: now,
        expiresAt,
      });
      const started = await openCheckout(payment, undefined, payment.id);
      return { url: started.url, sessionId: started.sessionId, paymentId: payment.id };
    },

    /**
     * Refunds a paid entry's payment in full (its board was cancelled, or an organizer deleted or refunded the
     * entry), once however many ask at once. A payment that is not paid (pending, failed, expired or already
     * refunded) is left alone: answers whether this call refunded it. The provider's refusal is thrown, and
     * the payment stays paid.
     */
    async refundEntryPayment(paymentId: string): Promise<boolean> {
      return repo.refundOnce(paymentId, (sessionId) => provider.refund(sessionId));
    },

    receiveWebhook,

    async donation(reference: string): Promise<DonationView> {
      const d = await repo.donationByReference(reference);
      if (!d) throw new AppError(404, paymentErrorCodes.notFound, 'No Donation Data Found');
      return donationView(d, await repo.paymentById(d.paymentId));
    },

    async donationBySession(sessionId: string): Promise<DonationView> {
      const p = await repo.paymentBySession(sessionId);
      const d = p ? await repo.donationByPayment(p.id) : undefined;
      if (!d) throw new AppError(404, paymentErrorCodes.notFound, 'No Payment Data Found');
      return donationView(d, p);
    },

    async tip(reference: string): Promise<TipView> {
      const t = /^[0-9a-f-]{36}$/.test(reference) ? await repo.tipById(reference) : undefined;
      if (!t) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that tip.');
      return tipView(t, await repo.paymentById(t.paymentId));
    },

    /** A checkout as the screen it returns to shows it (a paid entry's board, read by `entryOf`). */
    async payment(sessionId: string, entryOf?: EntryOfPayment): Promise<PaymentView> {
      const p = await repo.paymentBySession(sessionId);
      if (!p) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that payment.');
      const entry = p.purpose === 'entry' && entryOf ? await entryOf(p.id) : undefined;
      return {
        sessionId,
        purpose: p.purpose,
        description: p.description,
        amountCents: p.amountCents,
        status: p.status,
        testMode: testModeOf(p),
        ...(entry ? { entry } : {}),
      };
    },

    // The local test checkout (only when the provider is local, and only for checkouts it opened itself).
    async localSession(sessionId: string): Promise<LocalSession & { successUrl: string }> {
      const p = provider.kind === 'local' ? await repo.paymentBySession(sessionId) : undefined;
      if (p?.provider !== 'local') {
        throw new AppError(404, paymentErrorCodes.notFound, 'This checkout does not exist.');
      }
      return {
        sessionId,
        description: p.description,
        amountCents: p.amountCents,
        mode: p.mode,
        status: p.status === 'pending' && p.expiresAt <= clock.now() ? 'expired' : p.status,
        expiresAt: p.expiresAt.toISOString(),
        cancelUrl: p.cancelUrl,
        testMode: true,
        asksEmail: p.purpose === 'entry',
        successUrl: p.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
      };
    },

    /** Checks a test card like the provider would; throws the provider's message when it does not pay. */
    checkTestCard(card: { number: string; expiry: string; cvc: string }) {
      const problem = testCardProblem(card, clock.now());
      if (problem) throw new AppError(402, paymentErrorCodes.cardDeclined, problem);
    },

    /**
     * The provider-shaped event that closes a local checkout (paid, or expired: by time or cancelled),
     * signed like the provider signs its webhooks. Both kinds share one event id per session, and the
     * webhook records an event id once (a unique key, in the transaction that changes the payment): of
     * any number of concurrent pays and cancels, on any number of instances, exactly one applies.
     */
    localClosingEvent(
      kind: 'completed' | 'expired',
      session: { sessionId: string; amountCents: number },
      /** The checkout's metadata: a subscription paid with a card that declines renewals says so here. */
      metadata: Record<string, string> = {},
      /** The email the payer gave for the receipt, sent as Stripe sends it (customer_details.email). */
      payerEmail?: string,
    ): { raw: string; signature: string } {
      if (provider.kind !== 'local') throw new Error('only the local provider signs its own events');
      const nowMs = clock.now().getTime();
      const raw = JSON.stringify({
        id: localClosingEventId(session.sessionId),
        object: 'event',
        type: `checkout.session.${kind}`,
        livemode: false,
        created: Math.floor(nowMs / 1000),
        data: {
          object: {
            id: session.sessionId,
            object: 'checkout.session',
            payment_status: kind === 'completed' ? 'paid' : 'unpaid',
            amount_total: session.amountCents,
            currency: 'usd',
            metadata,
            ...(payerEmail ? { customer_details: { email: payerEmail } } : {}),
          },
        },
      });
      return { raw, signature: (provider as LocalPaymentProvider).sign(raw, nowMs) };
    },

    expiredLocalSessions: () => repo.expiredLocalSessions(clock.now()),

    async recordAffiliateClick(
      site: 'twitch' | 'youtube' | 'tiktok' | 'instagram',
      handle: string,
      userId: string | null,
    ) {
      await repo.recordAffiliateClick({ site, handle, userId, clickedAt: clock.now() });
      return { url: affiliateUrl(site, handle) };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** The stream link of a handle, with FanGrid's referral parameter. */
export function affiliateUrl(site: StreamSite, handle: string): string {
  return `${streamLinkHref(site, handle)}?ref=fangrid`;
}
