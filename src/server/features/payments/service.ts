import { type StreamSite, streamLinkHref } from '../../../shared/domain/stream-links';
import type { Clock } from '../../platform/clock';
import type { DomainEventOf, DomainEvents } from '../../platform/domain-events';
import type { MailSender } from '../../platform/mail/notifications';
import type { PaymentProvider } from '../../platform/payments';
import type { createRateLimiter } from '../../platform/rate-limit';
import { createCheckouts } from './checkouts';
import { createLocalCheckout } from './local-checkout';
import { createMonthlyGifts } from './monthly';
import type { MonthlyRepo } from './monthly-repo';
import { createPaymentViews } from './payment-views';
import type { PaymentRow, PaymentsRepo } from './repo';
import type { StatementInput } from './statement';
import { createWebhook } from './webhook';

export { localClosingEventId } from './local-checkout';
export { nextPaymentStatus, paidAmountProblem } from './webhook';

/** What a settled entry payment tells the boards feature for the entry's receipt. */
export type EntryPaid = DomainEventOf<'entry-payment.settled'>['paid'];

/** The entry a payment pays for, as its confirmation shows it (its cells: none once released). */
export type EntryOfPayment = (
  paymentId: string,
) => Promise<{ code: string; ticketNumber: string; cells: number[] } | undefined>;

/** What payments run on. */
export interface PaymentsDeps {
  repo: PaymentsRepo;
  /**
   * Where an entry payment's settlement is announced: `entry-payment.settled` or `entry-payment.failed`, written in
   * the transaction that changes the payment and delivered once it commits (the boards feature settles the
   * entry's held cells), before the webhook answers.
   */
  events: Pick<DomainEvents, 'record' | 'deliver'>;
  provider: PaymentProvider;
  clock: Clock;
  mailer: MailSender;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Monthly gifts' tables (a separate repo: their own SQL). */
  monthlyRepo: MonthlyRepo;
  /** Rate limits of the donor page's manage-link requests. */
  limiter: Pick<ReturnType<typeof createRateLimiter>, 'hit'>;
  /** The local checkout's test clock is on (outside production only; monthly-local.ts renewNow). */
  testClock?: boolean;
  /** Builds a giving statement's PDF off the event loop (a worker thread); on this thread when omitted. */
  renderStatement?: (input: StatementInput) => Promise<Uint8Array>;
}

/** What the service's parts share: links on the public site, and whether a payment moved real money. */
export interface PaymentsShared {
  url(path: string): string;
  testModeOf(p: Pick<PaymentRow, 'provider' | 'sessionId'> | undefined): boolean;
}

/**
 * Payments, in parts: checkouts (checkouts.ts), the webhook that applies provider events (webhook.ts), the
 * views of donations, tips and checkouts (payment-views.ts), the local test checkout (local-checkout.ts) and
 * monthly gifts (monthly.ts).
 */
export function createPaymentsService(deps: PaymentsDeps) {
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

  /**
   * Whether a payment moved no real money: the local checkout's always; Stripe's by the mode its session
   * was opened in (test sessions are `cs_test_…`), so a later switch of keys does not relabel old ones.
   */
  const testModeOf = (p: Pick<PaymentRow, 'provider' | 'sessionId'> | undefined): boolean => {
    if (!p) return provider.testMode;
    if (p.provider === 'local') return true;
    return p.sessionId ? p.sessionId.startsWith('cs_test_') : provider.testMode;
  };
  const shared: PaymentsShared = { url, testModeOf };
  const { receiveWebhook } = createWebhook(deps, shared, monthly);

  return {
    kind: provider.kind,
    testMode: provider.testMode,
    /** Monthly gifts: renewals, the donor's page and year-end statements. */
    monthly,

    ...createCheckouts(deps, shared),

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

    ...createPaymentViews(deps, shared),

    ...createLocalCheckout(deps),

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
