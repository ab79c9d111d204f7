import { createHash, randomBytes } from 'node:crypto';
import {
  type GiftState,
  type MonthlyGift,
  paymentErrorCodes,
  type RenewedNow,
} from '../../../shared/contracts/payments';
import { cardMessages, testCardProblem, testCards } from '../../../shared/domain/payments';
import type { ClientKey } from '../../http/client-address';
import { AppError, TooManyRequestsError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { MailMessage } from '../../platform/mail/mailer';
import type { MailSender } from '../../platform/mail/notifications';
import type { LocalPaymentProvider, PaymentEvent, PaymentProvider } from '../../platform/payments';
import type { createRateLimiter } from '../../platform/rate-limit';
import {
  type GiftFacts,
  giftChangedEmail,
  manageLinkEmail,
  renewalFailedEmail,
  renewalReceiptEmail,
  statementEmail,
} from './monthly-emails';
import type { DonorScope, GiftChargeRow, GiftRow, MonthlyRepo } from './monthly-repo';
import type { DonationRow, PaymentRow } from './repo';
import { perOrganization, type StatementInput, statementPdf } from './statement';
import { readInvoice, readSubscription } from './stripe-objects';

type Tx = Parameters<Parameters<MonthlyRepo['onceForEvent']>[1]>[0];
type Limiter = Pick<ReturnType<typeof createRateLimiter>, 'hit'>;

/** The provider event types that keep a monthly gift's history and state. */
export const giftEventTypes = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** A manage link works once, within this time; the session it opens lasts this long. */
export const donorLinkTtlMs = 30 * 60_000;
export const donorSessionTtlMs = 60 * 60_000;
/** Manage-link requests: per address (then 429), and per email (then silently no mail). */
export const donorLinkLimits = {
  perAddress: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
};
export const DONOR_COOKIE = 'fg_donor';

/** The same day of the next month in UTC (the month's last day when it has no such day). */
export function addMonth(d: Date, months = 1): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  );
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** What the donor's page calls a gift: the organization its game names, else the game's title. */
export const organizationOf = (d: Pick<DonationRow, 'gameData'>) => {
  const g = d.gameData as { organization?: string; title?: string };
  return g.organization || g.title || 'FanGrid';
};

/**
 * Who receives a gift, as receipts and statements name it: the organization its game names, else FanGrid,
 * which took the gift. Never a game's title: a receipt names the organization that receives the gift
 * (docs/product.md, honest money words).
 */
export const recipientOf = (d: Pick<DonationRow, 'gameData'>) =>
  (d.gameData as { organization?: string }).organization?.trim() || 'FanGrid';

export function createMonthlyGifts(deps: {
  repo: MonthlyRepo;
  provider: PaymentProvider;
  clock: Clock;
  mailer: MailSender;
  limiter: Limiter;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Posts a locally signed provider event to the webhook's handler (the local checkout's renewals). */
  deliver: (raw: string, signature: string) => Promise<{ applied: boolean }>;
  /**
   * The test clock (renewNow) is on: the app uses the local checkout and is not production. Off, its
   * route is not registered and renewNow answers 404.
   */
  testClock: boolean;
  /** Builds a statement's PDF (on a worker thread in the app); statementPdf on this thread when omitted. */
  renderStatement?: (input: StatementInput) => Promise<Uint8Array>;
}) {
  const { repo, provider, clock, publicUrl, log } = deps;
  const renderStatement = deps.renderStatement ?? statementPdf;
  const testClock = deps.testClock && provider.kind === 'local';
  const manageUrl = `${publicUrl}/donations/monthly`;
  const send = async (message: MailMessage, what: string): Promise<void> => {
    await deps.mailer
      .send(message)
      .catch((err: unknown) => log.error({ err, to: message.to }, `${what} could not be sent`));
  };
  const testModeOf = (gift: GiftRow) => gift.provider === 'local' || provider.testMode;
  const factsOf = (gift: GiftRow, donation: DonationRow): GiftFacts => ({
    to: donation.donorEmail,
    donorName: donation.donorName,
    organization: recipientOf(donation),
    testMode: testModeOf(gift),
    manageUrl,
  });

  /** A monthly gift as the donor's page shows it. */
  const view = (gift: GiftRow, donation: DonationRow, charges: GiftChargeRow[]): MonthlyGift => ({
    id: gift.id,
    reference: donation.reference,
    organization: organizationOf(donation),
    state: gift.status,
    amountCents: gift.amountCents,
    nextChargeAt: gift.status === 'cancelled' || gift.cancelAtPeriodEnd ? null : gift.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: gift.cancelAtPeriodEnd,
    periodEndsAt: gift.currentPeriodEnd.toISOString(),
    startedAt: gift.createdAt.toISOString(),
    testMode: testModeOf(gift),
    testClock: testClock && gift.provider === 'local',
    history: charges
      .filter((c) => c.giftId === gift.id)
      .map((c) => ({ reference: c.reference, status: c.status, amountCents: c.amountCents, at: c.at.toISOString() })),
  });

  /**
   * Starts the monthly gift of a subscription checkout that was just paid, in the transaction that records
   * the payment: its first charge is the checkout's payment (its invoice, so that invoice's own `invoice.paid`
   * records nothing more).
   */
  async function startGift(tx: Tx, event: PaymentEvent, payment: PaymentRow, receivedAt: Date) {
    if (payment.purpose !== 'donation' || payment.mode !== 'subscription') return;
    const donation = await repo.donationByPaymentTx(tx, payment.id);
    if (!donation) return;
    const local = payment.provider === 'local';
    const subscriptionId = event.subscriptionId ?? (local ? `sub_local_${payment.id}` : null);
    if (!subscriptionId) {
      log.error({ eventId: event.id, paymentId: payment.id }, 'a paid subscription checkout names no subscription');
      return;
    }
    const created = event.created !== null ? new Date(event.created * 1000) : receivedAt;
    await repo.createGift(
      tx,
      {
        donationId: donation.id,
        provider: payment.provider,
        subscriptionId,
        customerId: event.customerId ?? (local ? `cus_local_${payment.id}` : null),
        status: 'active',
        amountCents: payment.amountCents,
        donorEmail: donation.donorEmail.toLowerCase(),
        currentPeriodEnd: addMonth(receivedAt),
        stateEventAt: created,
        localCard: local ? (event.metadata.localCard === 'declines' ? 'declines' : 'pays') : null,
        createdAt: receivedAt,
      },
      {
        invoiceId: event.invoiceId ?? `first_${payment.sessionId ?? payment.id}`,
        status: 'paid',
        reference: donation.reference,
        amountCents: payment.amountCents,
        at: receivedAt,
      },
    );
  }

  /**
   * Applies one invoice or subscription event to its gift, once per event id (recorded in the same
   * transaction). The state follows the newest event by the provider's `created`: an older one arriving
   * late changes no state, a cancelled gift stays cancelled, and a paid invoice is recorded once whatever
   * its event ids. Mails go out after the transaction commits.
   */
  async function applyEvent(event: PaymentEvent, receivedAt: Date): Promise<{ applied: boolean }> {
    const createdAt = event.created !== null ? new Date(event.created * 1000) : receivedAt;
    let mailAfter: (() => Promise<void>) | null = null;
    const outcome = await repo.onceForEvent({ id: event.id, type: event.type, receivedAt }, async (tx) => {
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        const inv = readInvoice(event.object);
        if (!inv) {
          log.warn({ eventId: event.id }, 'an invoice event without an invoice FanGrid can read; nothing changed');
          return false;
        }
        const gift = await repo.lockGift(tx, inv);
        if (!gift || gift.provider !== provider.kind || inv.firstOfSubscription) return false;
        const found = await repo.donationOfGift(gift.id, tx);
        if (!found) return false;
        const { donation } = found;
        const number = (await repo.paidChargeCount(tx, gift.id)) + 1;
        const newer = gift.status !== 'cancelled' && createdAt >= gift.stateEventAt;
        /** The invoice's charge on the gift, its reference the donation's numbered by the paid charges. */
        const recordCharge = (status: 'paid' | 'failed', amountCents: number) =>
          repo.recordCharge(tx, {
            giftId: gift.id,
            invoiceId: inv.invoiceId,
            status,
            reference: `${donation.reference}-${number}`,
            amountCents,
            at: inv.at,
          });
        if (event.type === 'invoice.paid') {
          if (inv.currency.toLowerCase() !== 'usd' || inv.amountPaidCents <= 0) {
            log.error({ eventId: event.id, invoice: inv.invoiceId }, 'a renewal paid no usd amount; nothing changed');
            return false;
          }
          const charge = await recordCharge('paid', inv.amountPaidCents);
          if (!charge) return false;
          await repo.updateGift(
            gift.id,
            {
              ...(inv.periodEnd && inv.periodEnd > gift.currentPeriodEnd ? { currentPeriodEnd: inv.periodEnd } : {}),
              ...(newer ? { status: 'active', stateEventAt: createdAt } : {}),
            },
            tx,
          );
          mailAfter = () => send(renewalReceiptEmail(factsOf(gift, donation), charge), 'renewal receipt');
          return true;
        }
        // A failure of an invoice already paid (a late event) changes nothing.
        if (await repo.invoicePaid(tx, inv.invoiceId)) return false;
        const charge = await recordCharge('failed', inv.amountDueCents);
        if (newer) await repo.updateGift(gift.id, { status: 'past_due', stateEventAt: createdAt }, tx);
        if (charge) {
          mailAfter = () => send(renewalFailedEmail(factsOf(gift, donation), charge), 'renewal failure email');
        }
        return Boolean(charge) || newer;
      }
      const sub = readSubscription(event.object);
      if (!sub) {
        log.warn({ eventId: event.id }, 'a subscription event without a subscription FanGrid can read');
        return false;
      }
      const gift = await repo.lockGift(tx, sub);
      if (!gift || gift.provider !== provider.kind || gift.status === 'cancelled') return false;
      if (event.type === 'customer.subscription.deleted' || sub.state === 'cancelled') {
        await repo.updateGift(
          gift.id,
          {
            status: 'cancelled',
            cancelledAt: createdAt,
            stateEventAt: createdAt > gift.stateEventAt ? createdAt : gift.stateEventAt,
          },
          tx,
        );
        return true;
      }
      if (createdAt < gift.stateEventAt) return false;
      await repo.updateGift(
        gift.id,
        {
          status: sub.state,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          stateEventAt: createdAt,
          ...(sub.amountCents !== null && sub.amountCents > 0 ? { amountCents: sub.amountCents } : {}),
          ...(sub.periodEnd ? { currentPeriodEnd: sub.periodEnd } : {}),
        },
        tx,
      );
      return true;
    });
    if (mailAfter) await (mailAfter as () => Promise<void>)();
    return { applied: outcome.applied && outcome.result };
  }

  // ---- The local checkout's subscriptions: renewals on the scheduler, through the webhook ----

  const localProvider = () => {
    if (provider.kind !== 'local') throw new Error('only the local provider signs its own events');
    return provider as LocalPaymentProvider;
  };
  const sec = (d: Date) => Math.floor(d.getTime() / 1000);

  /** A signed event in Stripe's envelope around `object`, delivered to the webhook's handler. */
  async function deliverLocal(id: string, type: string, object: Record<string, unknown>) {
    const nowMs = clock.now().getTime();
    const raw = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-06-30.basil',
      created: Math.floor(nowMs / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return deps.deliver(raw, localProvider().sign(raw, nowMs));
  }

  /** A local invoice's id: fixed by the gift and the second its period starts. */
  const localInvoiceId = (giftId: string, periodStart: Date) => `in_local_${giftId}_${sec(periodStart)}`;

  /** The invoice of the period that starts at the gift's current period end, in Stripe's (basil) shape. */
  function localInvoice(gift: GiftRow, paid: boolean) {
    const start = gift.currentPeriodEnd;
    const end = addMonth(start);
    const now = sec(clock.now());
    const id = localInvoiceId(gift.id, start);
    return {
      id,
      object: 'invoice',
      amount_due: gift.amountCents,
      amount_paid: paid ? gift.amountCents : 0,
      amount_remaining: paid ? 0 : gift.amountCents,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_cycle',
      created: now,
      currency: 'usd',
      customer: gift.customerId,
      livemode: false,
      lines: {
        object: 'list',
        data: [
          {
            id: `il_local_${gift.id}_${sec(start)}`,
            object: 'line_item',
            amount: gift.amountCents,
            currency: 'usd',
            period: { start: sec(start), end: sec(end) },
          },
        ],
        has_more: false,
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: gift.subscriptionId },
      },
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    };
  }

  function localSubscription(gift: GiftRow, status: 'active' | 'past_due' | 'canceled') {
    const now = sec(clock.now());
    return {
      id: gift.subscriptionId,
      object: 'subscription',
      status,
      customer: gift.customerId,
      cancel_at_period_end: gift.cancelAtPeriodEnd,
      canceled_at: status === 'canceled' ? now : null,
      ended_at: status === 'canceled' ? now : null,
      livemode: false,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_local_${gift.id}`,
            object: 'subscription_item',
            current_period_start: sec(addMonth(gift.currentPeriodEnd, -1)),
            current_period_end: sec(gift.currentPeriodEnd),
            quantity: 1,
            price: {
              object: 'price',
              unit_amount: gift.amountCents,
              currency: 'usd',
              recurring: { interval: 'month' },
            },
          },
        ],
      },
    };
  }

  /** Charges the open period's invoice of a local gift: paid, or declined by a card that declines renewals. */
  async function chargeLocal(gift: GiftRow) {
    const paid = gift.localCard !== 'declines';
    const invoice = localInvoice(gift, paid);
    return deliverLocal(
      `evt_local_${invoice.id}_${paid ? 'paid' : 'failed'}`,
      `invoice.${paid ? 'paid' : 'payment_failed'}`,
      invoice,
    );
  }

  /**
   * One local gift whose period has ended: it renews (charging its card), or, cancelled by its donor,
   * ends, through signed events posted to the webhook's handler, exactly as Stripe's would arrive.
   */
  const renewLocalGift = (gift: GiftRow) =>
    gift.cancelAtPeriodEnd
      ? deliverLocal(
          `evt_local_${gift.subscriptionId}_deleted`,
          'customer.subscription.deleted',
          localSubscription(gift, 'canceled'),
        )
      : chargeLocal(gift);

  /**
   * The local checkout's renewal run: each active gift whose period has ended renews (or ends). Event ids
   * are fixed by the gift and the period, so a second instance, or a rerun, changes nothing twice.
   */
  async function renewLocalGifts(): Promise<void> {
    if (provider.kind !== 'local') return;
    // A gift several periods behind renews period by period (bounded: a run never loops for ever).
    for (let round = 0; round < 24; round++) {
      const due = await repo.dueLocalGifts(clock.now());
      let changed = false;
      for (const gift of due) changed ||= (await renewLocalGift(gift)).applied;
      if (!changed) return;
    }
  }

  /**
   * The local checkout's test clock (docs/product.md#monthly-gifts): the gift's period that ends at
   * `periodEndsAt` ends now instead, and that gift goes through the renewal run's own step (renewLocalGift),
   * so its card pays or declines, and a cancelling gift ends, exactly as the job would do it then.
   * The period named is the rule against replays: once it has renewed, the gift's period ends a month on,
   * so the same request again answers `unchanged`; renewing again means naming the new period.
   */
  async function renewNow(scope: DonorScope, giftId: string, periodEndsAt: Date): Promise<RenewedNow> {
    const { gift } = await giftOf(scope, giftId);
    if (!testClock || gift.provider !== 'local') {
      throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
    }
    if (gift.status === 'cancelled') {
      throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
    }
    if (gift.status === 'past_due' && !gift.cancelAtPeriodEnd) {
      throw new AppError(
        409,
        paymentErrorCodes.giftPastDue,
        'This gift is past due: it renews again once its card is updated.',
      );
    }
    const unchanged = async () => ({ outcome: 'unchanged' as const, gift: await viewOf(scope, giftId) });
    if (gift.currentPeriodEnd.getTime() !== periodEndsAt.getTime()) return unchanged();
    const now = clock.now();
    // A period starting in the same second as one already charged would reuse that invoice's id.
    if (!gift.cancelAtPeriodEnd && (await repo.hasInvoice(gift.id, localInvoiceId(gift.id, now)))) {
      throw new AppError(
        409,
        paymentErrorCodes.renewedJustNow,
        'This gift renewed less than a second ago. Try again in a moment.',
      );
    }
    const moved = await repo.moveLocalRenewal(gift.id, gift.currentPeriodEnd, now);
    if (!moved) return unchanged();
    const { applied } = await renewLocalGift(moved);
    const outcome = !applied
      ? ('unchanged' as const)
      : moved.cancelAtPeriodEnd
        ? ('ended' as const)
        : moved.localCard === 'declines'
          ? ('declined' as const)
          : ('renewed' as const);
    return { outcome, gift: await viewOf(scope, giftId) };
  }

  // ---- The donor's page ----

  async function requestLink(emailInput: string, client: ClientKey): Promise<{ sent: true }> {
    const email = emailInput.trim().toLowerCase();
    const now = clock.now();
    const byAddress = await deps.limiter.hit(`donor-link:addr:${client}`, donorLinkLimits.perAddress);
    if (!byAddress.allowed) {
      throw new TooManyRequestsError(
        paymentErrorCodes.rateLimited,
        'Too many requests for a link. Try again later.',
        byAddress.retryAt,
        now,
      );
    }
    // Past the per-email limit the answer is the same; only no mail goes out (nobody learns who gives).
    const byEmail = await deps.limiter.hit(`donor-link:email:${email}`, donorLinkLimits.perEmail);
    if (!byEmail.allowed || !(await repo.hasGifts(email))) return { sent: true };
    const token = newToken();
    await repo.createLink({
      tokenHash: hashToken(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + donorLinkTtlMs),
    });
    await send(manageLinkEmail(email, `${manageUrl}/sign-in#token=${token}`, donorLinkTtlMs / 60_000), 'manage link');
    return { sent: true };
  }

  async function openSession(token: string) {
    const now = clock.now();
    const email = await repo.consumeLink(hashToken(token), now);
    if (!email)
      throw new AppError(400, paymentErrorCodes.linkInvalid, 'This link is not valid any more. Ask for a new one.');
    const sessionToken = newToken();
    const expiresAt = new Date(now.getTime() + donorSessionTtlMs);
    await repo.createSession({ tokenHash: hashToken(sessionToken), email, expiresAt });
    return { sessionToken, email, expiresAt };
  }

  /** The donor a request speaks for: a donor session's email, or a signed-in account (or both). */
  async function scopeOf(sessionToken: string | undefined, userId: string | null): Promise<DonorScope | null> {
    const email = sessionToken ? await repo.sessionEmail(hashToken(sessionToken), clock.now()) : undefined;
    if (email) return { email, userId };
    if (userId) return { email: null, userId };
    return null;
  }

  async function giftOf(scope: DonorScope, giftId: string) {
    const row = await repo.giftInScope(scope, giftId);
    if (!row) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
    return row;
  }
  const viewOf = async (scope: DonorScope, giftId: string) => {
    const { gift, donation } = await giftOf(scope, giftId);
    return view(gift, donation, await repo.chargesOf([gift.id]));
  };
  const changeable = (gift: GiftRow) => {
    if (gift.status === 'cancelled' || gift.cancelAtPeriodEnd) {
      throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
    }
  };
  const providerCall = async (what: string, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      log.error({ err }, `${what}: the payment provider refused`);
      throw new AppError(
        502,
        paymentErrorCodes.providerFailed,
        'The payment provider could not make the change. Try again.',
      );
    }
  };

  /** A donor's gifts paid in `year` (one-time and monthly) and the statement PDF that lists them. */
  async function yearStatement(scope: DonorScope, year: number) {
    const paid = await repo.paidInYear(scope, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
    const latest = paid.at(-1)?.donation;
    const gifts = paid.map((g) => ({
      organization: recipientOf(g.donation),
      reference: g.reference,
      amountCents: g.amountCents,
      at: g.at,
    }));
    const bytes = await renderStatement({
      year,
      donorName: latest?.donorName ?? 'Donor',
      email: scope.email ?? latest?.donorEmail ?? '',
      gifts,
      issuedAt: clock.now(),
      testMode: provider.testMode,
    });
    // A worker thread's bytes arrive as a Uint8Array: the same memory, seen as a Buffer.
    const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { gifts, pdf };
  }

  return {
    startGift,
    applyEvent,
    renewLocalGifts,
    /** Whether the test clock is on (its route registered, gifts' `testClock`). */
    testClock,
    renewNow,
    requestLink,
    openSession,
    scopeOf,
    endSession: (sessionToken: string) => repo.endSession(hashToken(sessionToken)),

    async gifts(scope: DonorScope) {
      const rows = await repo.giftsInScope(scope);
      const charges = await repo.chargesOf(rows.map((r) => r.gift.id));
      return rows.map((r) => view(r.gift, r.donation, charges));
    },
    gift: viewOf,

    /** Renewals from the next one on charge the new amount; the month already paid stays as it was. */
    async changeAmount(scope: DonorScope, giftId: string, amountCents: number) {
      const { gift, donation } = await giftOf(scope, giftId);
      changeable(gift);
      if (gift.amountCents !== amountCents) {
        const description = `Donation: ${organizationOf(donation)} (monthly)`;
        await providerCall('amount change', () =>
          provider.subscriptions.changeAmount(gift.subscriptionId, amountCents, description),
        );
        await repo.updateGift(gift.id, { amountCents });
        await send(
          giftChangedEmail(factsOf(gift, donation), { kind: 'amount', amountCents, from: gift.currentPeriodEnd }),
          'amount change confirmation',
        );
      }
      return viewOf(scope, giftId);
    },

    /** Where the donor updates the card: Stripe's billing portal, or the local checkout's card page. */
    async cardPortal(scope: DonorScope, giftId: string) {
      const { gift } = await giftOf(scope, giftId);
      if (gift.status === 'cancelled') {
        throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
      }
      if (gift.provider === 'local') return { url: `${manageUrl}/${gift.id}/card`, local: true };
      let url: string | null = null;
      await providerCall('billing portal', async () => {
        if (!gift.customerId) throw new Error('the gift has no customer');
        url = await provider.subscriptions.cardPortalUrl(gift.customerId, manageUrl);
      });
      if (!url) throw new AppError(502, paymentErrorCodes.providerFailed, 'The payment provider has no card page.');
      return { url: url as string, local: false };
    },

    /**
     * The local checkout's card page: a test card replaces the gift's card (a card that declines renewals
     * is accepted, as Stripe would attach it). A past-due gift's open invoice is charged again at once.
     */
    async updateLocalCard(scope: DonorScope, giftId: string, card: { number: string; expiry: string; cvc: string }) {
      const { gift, donation } = await giftOf(scope, giftId);
      if (gift.provider !== 'local' || provider.kind !== 'local') {
        throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
      }
      if (gift.status === 'cancelled') {
        throw new AppError(409, paymentErrorCodes.giftCancelled, 'This monthly gift is cancelled.');
      }
      const problem = testCardProblem(card, clock.now());
      if (problem) throw new AppError(402, paymentErrorCodes.cardDeclined, problem);
      const declines = card.number.replace(/[\s-]/g, '') === testCards.declinesOnRenewal;
      const updated = await repo.updateGift(gift.id, { localCard: declines ? 'declines' : 'pays' });
      await send(giftChangedEmail(factsOf(gift, donation), { kind: 'card' }), 'card change confirmation');
      if (updated && updated.status === 'past_due') {
        const retried = await chargeLocal(updated);
        if (!retried.applied && declines)
          throw new AppError(402, paymentErrorCodes.cardDeclined, cardMessages.declined);
      }
      return viewOf(scope, giftId);
    },

    /**
     * Cancels at the end of the period already paid: no further charge; the gift stays active until then
     * and becomes cancelled when the provider's `customer.subscription.deleted` arrives. Cancelling twice
     * answers the same and mails once.
     */
    async cancel(scope: DonorScope, giftId: string) {
      const { gift, donation } = await giftOf(scope, giftId);
      if (gift.status !== 'cancelled' && !gift.cancelAtPeriodEnd) {
        await providerCall('cancel', () => provider.subscriptions.cancelAtPeriodEnd(gift.subscriptionId));
        await repo.updateGift(gift.id, { cancelAtPeriodEnd: true });
        await send(
          giftChangedEmail(factsOf(gift, donation), { kind: 'cancel', endsAt: gift.currentPeriodEnd }),
          'cancel confirmation',
        );
      }
      return viewOf(scope, giftId);
    },

    /** The year's giving statement of the donor in scope, as a PDF. */
    async statement(scope: DonorScope, year: number): Promise<Buffer> {
      return (await yearStatement(scope, year)).pdf;
    },

    /**
     * In January, each donor who gave last year gets the year's statement by email, once per donor per
     * year (claimed in the database before sending, so a rerun or a second instance sends nothing twice).
     */
    async mailYearEndStatements(): Promise<void> {
      const now = clock.now();
      if (now.getUTCMonth() !== 0) return;
      const year = now.getUTCFullYear() - 1;
      const from = new Date(Date.UTC(year, 0, 1));
      const to = new Date(Date.UTC(year + 1, 0, 1));
      for (const email of await repo.donorsOfYear(from, to)) {
        if (!(await repo.claimStatement(email, year, now))) continue;
        try {
          const { gifts, pdf } = await yearStatement({ email, userId: null }, year);
          const totals = perOrganization(gifts).map((g) => ({
            organization: g.organization,
            amountCents: g.amountCents,
          }));
          await deps.mailer.send(
            statementEmail({
              to: email,
              year,
              perOrganization: totals,
              downloadUrl: manageUrl,
              pdf,
              testMode: provider.testMode,
            }),
            { key: `statement:${year}:${email}` },
          );
        } catch (err) {
          log.error({ err, email }, 'year-end statement could not be sent; it is tried again next run');
          await repo.releaseStatement(email, year);
        }
      }
    },
  };
}
export type MonthlyGifts = ReturnType<typeof createMonthlyGifts>;
export type { GiftState };
