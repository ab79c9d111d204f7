import type { Job } from '../../platform/scheduler';
import type { PaymentsService } from './service';

type LocalEvent = ReturnType<PaymentsService['localClosingEvent']>;
/** Posts a locally signed event to the payment webhook; answers whether it changed the payment. */
export type DeliverLocalEvent = (event: LocalEvent) => Promise<boolean>;

/** Closes every local test checkout whose time is up, through the webhook as Stripe would. */
export async function expireLocalCheckouts(
  service: Pick<PaymentsService, 'expiredLocalSessions' | 'localClosingEvent'>,
  deliver: DeliverLocalEvent,
): Promise<void> {
  for (const session of await service.expiredLocalSessions()) {
    await deliver(service.localClosingEvent('expired', session));
  }
}

/**
 * The payments feature's periodic work: the year-end giving statements (daily; they go out in January,
 * once per donor per year); with the local test checkout, expiring its checkouts each minute and renewing
 * its monthly gifts each hour (Stripe renews its own and tells the webhook).
 */
export function paymentJobs(deps: {
  service: Pick<PaymentsService, 'kind' | 'expiredLocalSessions' | 'localClosingEvent' | 'monthly'>;
  deliver: DeliverLocalEvent;
}): Job[] {
  const statements: Job = {
    name: 'payments:year-end-statements',
    intervalMs: 24 * 3_600_000,
    run: () => deps.service.monthly.mailYearEndStatements(),
  };
  if (deps.service.kind !== 'local') return [statements];
  return [
    statements,
    {
      name: 'payments:expire-local-checkouts',
      intervalMs: 60_000,
      run: () => expireLocalCheckouts(deps.service, deps.deliver),
    },
    {
      name: 'payments:renew-local-gifts',
      intervalMs: 3_600_000,
      run: () => deps.service.monthly.renewLocalGifts(),
    },
  ];
}
