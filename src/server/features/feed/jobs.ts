import type { Job } from '../../platform/scheduler';
import type { FeedService } from './service';

/** The schedule is read again every hour (and once at start). */
export const scheduleEveryMs = 60 * 60_000;

/** The feed feature's periodic work: reading the leagues' schedules. */
export function feedJobs(deps: { service: Pick<FeedService, 'syncSchedule'> }): Job[] {
  return [{ name: 'feed:schedule', intervalMs: scheduleEveryMs, run: () => deps.service.syncSchedule() }];
}
