import { type MonthlyGift, paymentErrorCodes } from '../../../shared/contracts/payments';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { MailMessage } from '../../platform/mail/mailer';
import type { MailSender } from '../../platform/mail/notifications';
import type { PaymentProvider } from '../../platform/payments';
import type { createRateLimiter } from '../../platform/rate-limit';
import type { GiftFacts } from './monthly-emails';
import type { DonorScope, GiftChargeRow, GiftRow, MonthlyRepo } from './monthly-repo';
import type { DonationRow } from './repo';
import type { StatementInput } from './statement';

export type Tx = Parameters<Parameters<MonthlyRepo['onceForEvent']>[1]>[0];
type Limiter = Pick<ReturnType<typeof createRateLimiter>, 'hit'>;

/** The same day of the next month in UTC (the month's last day when it has no such day). */
export function addMonth(d: Date, months = 1): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  );
}

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

/** What monthly gifts run on (createMonthlyGifts in monthly.ts). */
export interface MonthlyDeps {
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
}

/** What every part of monthly gifts shares: its deps, the gift as the donor's page shows it, and its mails. */
export function createMonthlyContext(deps: MonthlyDeps) {
  const { repo, provider, clock, publicUrl, log } = deps;
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

  async function giftOf(scope: DonorScope, giftId: string) {
    const row = await repo.giftInScope(scope, giftId);
    if (!row) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that monthly gift.');
    return row;
  }
  const viewOf = async (scope: DonorScope, giftId: string) => {
    const { gift, donation } = await giftOf(scope, giftId);
    return view(gift, donation, await repo.chargesOf([gift.id]));
  };

  return { deps, repo, provider, clock, log, testClock, manageUrl, send, factsOf, view, giftOf, viewOf };
}
export type MonthlyContext = ReturnType<typeof createMonthlyContext>;
