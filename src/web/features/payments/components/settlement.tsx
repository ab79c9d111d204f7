import type { ReactNode } from 'react';

/** How a payment's status reads on the success pages while the provider's webhook catches up. */
export function Settlement({
  status,
  paid,
}: {
  status: 'pending' | 'completed' | 'failed' | 'expired';
  paid: ReactNode;
}) {
  if (status === 'completed') return <>{paid}</>;
  if (status === 'pending') {
    return (
      <p role="status" className="rounded-2xl border border-ink-700 bg-ink-850 p-4 text-slate-200">
        Waiting for the payment provider to confirm your payment…
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-2xl border border-red-400/40 bg-red-950/40 p-4 text-red-100">
      {status === 'expired'
        ? 'This checkout expired before it was paid. Nothing was charged.'
        : 'The payment did not go through. Nothing was charged.'}
    </p>
  );
}
