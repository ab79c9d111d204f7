import type { Job } from '../scheduler';
import type { DomainEvents } from './publisher';

/** How often the retry job looks for events that are due again. */
export const domainEventsRetryEveryMs = 15_000;
/** How often delivered events past their keeping time are removed. */
export const domainEventsPruneEveryMs = 60 * 60_000;

/**
 * The domain events' periodic work: delivering again what a handler failed on, or an instance left mid-way,
 * and removing delivered events once they are past their keeping time.
 */
export function domainEventJobs(events: Pick<DomainEvents, 'retryDue' | 'pruneDelivered'>): Job[] {
  return [
    { name: 'domain-events:retry', intervalMs: domainEventsRetryEveryMs, run: () => events.retryDue() },
    {
      name: 'domain-events:prune',
      intervalMs: domainEventsPruneEveryMs,
      run: async () => ({ removed: await events.pruneDelivered() }),
    },
  ];
}
