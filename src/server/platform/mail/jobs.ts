import type { Job } from '../scheduler';
import { type MailNotifications, mailNotificationsEveryMs } from './notifications';

/** The mail platform's periodic work: sending the outbox's emails that are due (first tries and retries). */
export function mailJobs(deps: { notifications: Pick<MailNotifications, 'drain'> }): Job[] {
  return [{ name: 'mail:notifications', intervalMs: mailNotificationsEveryMs, run: () => deps.notifications.drain() }];
}
