import { useQuery } from '@tanstack/react-query';
import type { PaymentView } from '../../../../shared/contracts/payments';
import { formatCents } from '../../../../shared/domain/money';
import { TestModeBanner } from '../../../components/test-mode-banner';
import { paymentQuery } from '../api';

const outcome: Record<PaymentView['status'], { text: string; tone: string }> = {
  paid: { text: 'Payment received: your entry is confirmed.', tone: 'border-court-400/40 bg-court-500/10 text-white' },
  pending: {
    text: 'Waiting for the payment provider to confirm your payment…',
    tone: 'border-ink-700 bg-ink-850 text-slate-200',
  },
  expired: {
    text: 'The checkout closed before it was paid. Nothing was charged and your cells were released.',
    tone: 'border-red-400/40 bg-red-950/40 text-red-100',
  },
  failed: {
    text: 'The payment did not go through. Nothing was charged and your cells were released.',
    tone: 'border-red-400/40 bg-red-950/40 text-red-100',
  },
  refunded: {
    text: 'Your payment arrived after your hold ended and the board had filled: it was refunded in full.',
    tone: 'border-amber-400/40 bg-amber-950/40 text-amber-100',
  },
};

/**
 * Where a paid board entry's checkout returns (its board, `?session_id=`): the payment's outcome as the
 * server has it, and TEST MODE when the checkout moved no real money. Shows nothing for an unknown id.
 */
export function PaymentReturn({ sessionId }: { sessionId: string }) {
  const payment = useQuery(paymentQuery(sessionId));
  const p = payment.data;
  if (!p) return null;
  const { text, tone } = outcome[p.status];
  return (
    <section aria-label="Your payment" className="flex flex-col gap-3">
      {p.testMode && <TestModeBanner />}
      <div role="status" className={`rounded-2xl border p-4 ${tone}`}>
        <p className="font-semibold">{text}</p>
        <p className="mt-1 text-sm opacity-90">
          {p.description} · {formatCents(p.amountCents, { whole: false })}
        </p>
      </div>
    </section>
  );
}
