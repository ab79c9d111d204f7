import type { Job } from '../../platform/scheduler';
import type { PrizesService } from './service';

/** How often the expiry job looks for prizes whose claim window has ended. */
export const prizeExpiryEveryMs = 60_000;

/** The prizes feature's periodic work: unclaimed prizes past their claim window become expired. */
export function prizeJobs(deps: { service: Pick<PrizesService, 'expire'> }): Job[] {
  return [{ name: 'prizes:expire', intervalMs: prizeExpiryEveryMs, run: () => deps.service.expire() }];
}
