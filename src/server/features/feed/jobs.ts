import type { Job } from '../../platform/scheduler';
import type { FeedService } from './service';

/** The schedule is read again every hour (and once at start). */
export const scheduleEveryMs = 60 * 60_000;

/**
 * The feed feature's periodic work: reading the leagues' schedules, and every `pollMs` running the lifecycle
 * of feed-scored boards (once per tick across instances, so one request per league per tick).
 */
export function feedJobs(deps: { service: Pick<FeedService, 'syncSchedule' | 'poll'>; pollMs: number }): Job[] {
  return [
    { name: 'feed:schedule', intervalMs: scheduleEveryMs, run: () => deps.service.syncSchedule() },
    { name: 'feed:poll', intervalMs: deps.pollMs, run: () => deps.service.poll() },
  ];
}
