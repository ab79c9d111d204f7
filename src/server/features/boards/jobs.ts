import type { Job } from '../../platform/scheduler';
import type { BoardsService } from './service';

/** Expired holds are released every third of the hold, between 250 ms and a minute. */
export const holdSweepMs = (holdMs: number) => Math.max(250, Math.min(60_000, Math.floor(holdMs / 3)));

/** Boards are locked at most this long after their game's start (entries are refused from the start itself). */
export const lockDueEveryMs = 10_000;

/**
 * The boards feature's periodic work: giving back the cells of paid entries whose hold ended unpaid, and
 * locking the boards whose game has started.
 */
export function boardJobs(deps: {
  service: Pick<BoardsService, 'releaseExpiredHolds' | 'lockDueBoards'>;
  holdMs: number;
}): Job[] {
  return [
    { name: 'boards:lock-at-start', intervalMs: lockDueEveryMs, run: () => deps.service.lockDueBoards() },
    {
      name: 'boards:release-expired-holds',
      intervalMs: holdSweepMs(deps.holdMs),
      run: () => deps.service.releaseExpiredHolds(),
    },
  ];
}
