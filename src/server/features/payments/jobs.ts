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

/** The payments feature's periodic work: with the local test checkout, expiring its checkouts each minute. */
export function paymentJobs(deps: {
  service: Pick<PaymentsService, 'kind' | 'expiredLocalSessions' | 'localClosingEvent'>;
  deliver: DeliverLocalEvent;
}): Job[] {
  if (deps.service.kind !== 'local') return [];
  return [
    {
      name: 'payments:expire-local-checkouts',
      intervalMs: 60_000,
      run: () => expireLocalCheckouts(deps.service, deps.deliver),
    },
  ];
}
