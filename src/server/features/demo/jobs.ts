import type { Job } from '../../platform/scheduler';
import type { DemoService } from './service';

/** The demo sets up rounds and lets its entrants join every 15 seconds. */
export const demoTickMs = 15_000;

/** The demo's periodic work (once per tick across instances). */
export function demoJobs(deps: { service: Pick<DemoService, 'tick'> }): Job[] {
  return [{ name: 'demo:rounds', intervalMs: demoTickMs, run: () => deps.service.tick() }];
}
