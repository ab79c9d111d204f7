import type { Job } from '../scheduler';
import { type SmsOutbox, smsOutboxEveryMs } from './outbox';

/** The text platform's periodic work: sending the outbox's texts that are due (first tries and retries). */
export function smsJobs(deps: { outbox: Pick<SmsOutbox, 'drain'> }): Job[] {
  return [{ name: 'sms:outbox', intervalMs: smsOutboxEveryMs, run: () => deps.outbox.drain() }];
}
