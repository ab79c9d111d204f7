import type { DomainEvents } from '../../platform/domain-events';
import type { EntryRefunds } from './board-context';
import type { BoardsService } from './service';

/**
 * The boards feature's side of an entry payment's settlement: a paid checkout confirms (or re-seats) its entry,
 * an unpaid one releases its held cells. Both are idempotent (a confirmed entry stays confirmed, released cells
 * stay released, a refunded payment is not refunded again), so an event delivered twice changes nothing more.
 */
export function subscribeEntrySettlement(
  events: Pick<DomainEvents, 'subscribe'>,
  service: Pick<BoardsService, 'onEntryPaid' | 'onEntryUnpaid'>,
  refunds: EntryRefunds,
): void {
  events.subscribe('entry-payment.settled', async ({ paymentId, paid }) => {
    if ((await service.onEntryPaid(paymentId, paid)) === 'refund') {
      // The board's written rule: a payment after the hold ended, with no seat left, is refunded in full.
      await refunds.refundEntryPayment(paymentId);
    }
  });
  events.subscribe('entry-payment.failed', ({ paymentId }) => service.onEntryUnpaid(paymentId));
}
