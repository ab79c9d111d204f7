/**
 * Every domain event a feature announces, with its payload: one discriminated union on `type`. A payload is
 * stored as JSON (the domain_events table), so it holds plain values only.
 */
export type DomainEvent =
  /** An entry's checkout was paid: the boards feature confirms, re-seats or refunds the entry. */
  | {
      type: 'entry-payment.settled';
      paymentId: string;
      paid: {
        /** The payer's email as the checkout collected it (null: none). */
        payerEmail: string | null;
        /** No real money moved (the local checkout, or a Stripe test session). */
        testMode: boolean;
      };
    }
  /** An entry's checkout failed or expired unpaid: the boards feature releases its held cells. */
  | { type: 'entry-payment.failed'; paymentId: string };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
