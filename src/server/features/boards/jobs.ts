import type { Job } from '../../platform/scheduler';
import type { BoardsService } from './service';

/** Expired holds are released every third of the hold, between 250 ms and a minute. */
export const holdSweepMs = (holdMs: number) => Math.max(250, Math.min(60_000, Math.floor(holdMs / 3)));

/** The boards feature's periodic work: giving back the cells of paid entries whose hold ended unpaid. */
export function boardJobs(deps: { service: Pick<BoardsService, 'releaseExpiredHolds'>; holdMs: number }): Job[] {
  return [
    {
      name: 'boards:release-expired-holds',
      intervalMs: holdSweepMs(deps.holdMs),
      run: () => deps.service.releaseExpiredHolds(),
    },
  ];
}
