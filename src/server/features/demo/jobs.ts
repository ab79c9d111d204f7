import type { Db } from '../../db/client';
import { DEMO_RENEW_EVERY_MS, renewEmptyDemoBoards } from '../../db/seed/boards';
import type { Clock } from '../../platform/clock';
import type { Job } from '../../platform/scheduler';
import type { DemoService } from './service';

/** The demo sets up rounds and lets its entrants join every 15 seconds. */
export const demoTickMs = 15_000;

/** The demo's periodic work (once per tick across instances). */
export function demoJobs(deps: { service: Pick<DemoService, 'tick'> }): Job[] {
  return [{ name: 'demo:rounds', intervalMs: demoTickMs, run: () => deps.service.tick() }];
}

/** The seeded demo boards nobody entered open again once their game has started (db/seed/boards.ts). */
export function seededDemoJobs(deps: { db: Db; clock: Clock; startAfterMs: number }): Job[] {
  return [
    {
      name: 'demo:renew-empty-boards',
      intervalMs: DEMO_RENEW_EVERY_MS,
      run: () => renewEmptyDemoBoards(deps.db, deps.clock, deps.startAfterMs),
    },
  ];
}
