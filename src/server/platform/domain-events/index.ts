export { domainEventJobs, domainEventsPruneEveryMs, domainEventsRetryEveryMs } from './jobs';
export {
  createDomainEvents,
  DOMAIN_EVENT_KEEP_MS,
  DOMAIN_EVENT_MAX_ATTEMPTS,
  type DomainEvents,
  domainEventRetryPolicy,
  type RecordedEvent,
} from './publisher';
export type { DomainEvent, DomainEventOf, DomainEventType } from './types';
