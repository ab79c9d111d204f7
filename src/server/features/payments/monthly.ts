import type { GiftState } from '../../../shared/contracts/payments';
import { createMonthlyContext, type MonthlyDeps } from './monthly-context';
import { createGiftEvents } from './monthly-events';
import { createLocalRenewals } from './monthly-local';
import { createGiftManagement } from './monthly-manage';
import { createYearStatements } from './monthly-statements';

export { addMonth, organizationOf, recipientOf } from './monthly-context';
export { DONOR_COOKIE, donorLinkLimits, donorLinkTtlMs, donorSessionTtlMs } from './monthly-manage';

/** The provider event types that keep a monthly gift's history and state. */
export const giftEventTypes = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Monthly gifts, in parts that share one context (monthly-context.ts): their start and provider events
 * (monthly-events.ts), the local checkout's renewals and test clock (monthly-local.ts), the donor's page
 * (monthly-manage.ts) and year-end statements (monthly-statements.ts).
 */
export function createMonthlyGifts(deps: MonthlyDeps) {
  const ctx = createMonthlyContext(deps);
  const local = createLocalRenewals(ctx);
  return {
    ...createGiftEvents(ctx),
    renewLocalGifts: local.renewLocalGifts,
    /** Whether the test clock is on (its route registered, gifts' `testClock`). */
    testClock: ctx.testClock,
    renewNow: local.renewNow,
    ...createGiftManagement(ctx, local.chargeLocal),
    ...createYearStatements(ctx),
  };
}
export type MonthlyGifts = ReturnType<typeof createMonthlyGifts>;
export type { GiftState };
