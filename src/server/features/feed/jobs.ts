import type { Job } from '../../platform/scheduler';
import type { FeedService } from './service';

/** The schedule is read again every hour (and once at start). */
export const scheduleEveryMs = 60 * 60_000;

/** Games suspended too long are looked for every 15 minutes. */
export const suspendedCheckEveryMs = 15 * 60_000;

/**
 * The feed feature's periodic work: reading the leagues' schedules, every `pollMs` running the lifecycle of
 * feed-scored boards (once per tick across instances, so one request per league per tick), and ending the
 * boards of games suspended and not resumed in time.
 */
export function feedJobs(deps: {
  service: Pick<FeedService, 'syncSchedule' | 'poll' | 'endSuspended'>;
  pollMs: number;
}): Job[] {
  return [
    {
      name: 'feed:schedule',
      intervalMs: scheduleEveryMs,
      runAtStart: true,
      run: () => deps.service.syncSchedule(),
    },
    { name: 'feed:poll', intervalMs: deps.pollMs, run: () => deps.service.poll() },
    { name: 'feed:end-suspended', intervalMs: suspendedCheckEveryMs, run: () => deps.service.endSuspended() },
  ];
}
