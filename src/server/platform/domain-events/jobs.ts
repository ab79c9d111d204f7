import type { Job } from '../scheduler';
import type { DomainEvents } from './publisher';

/** How often the retry job looks for events that are due again. */
export const domainEventsRetryEveryMs = 15_000;

/** The domain events' periodic work: delivering again what a handler failed on, or an instance left mid-way. */
export function domainEventJobs(events: Pick<DomainEvents, 'retryDue'>): Job[] {
  return [{ name: 'domain-events:retry', intervalMs: domainEventsRetryEveryMs, run: () => events.retryDue() }];
}
