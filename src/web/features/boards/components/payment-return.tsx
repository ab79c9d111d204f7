import { useQuery } from '@tanstack/react-query';
import type { BoardView } from '../../../../shared/contracts/boards';
import type { PaymentView } from '../../../../shared/contracts/payment-responses';
import { describeCells, drawnAxes } from '../../../../shared/domain/cells';
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

/** The payment a checkout returned with (the board's `?session_id=`), as the server has it; none without one. */
export function usePaymentReturn(sessionId: string | null) {
  return useQuery({ ...paymentQuery(sessionId ?? ''), enabled: sessionId !== null });
}

/** A paid entry's confirmation, when the checkout it returned from was paid and still holds its cells. */
export function paidEntryOf(p: PaymentView | undefined) {
  return p?.status === 'paid' && p.entry && p.entry.cells.length > 0 ? p.entry : null;
}

/**
 * Where a paid board entry's checkout returns (its board, `?session_id=`): the payment's outcome as the
 * server has it, and TEST MODE when the checkout moved no real money. A paid entry's confirmation names its
 * code, ticket, cells and amount. Shows nothing for an unknown id.
 */
export function PaymentReturn({
  sessionId,
  board,
}: {
  sessionId: string;
  /** The board paid for: its cells are named by its teams' drawn digits, then their place on its grid. */
  board: Pick<BoardView, 'game' | 'axes'>;
}) {
  const p = usePaymentReturn(sessionId).data;
  if (!p) return null;
  const { text, tone } = outcome[p.status];
  const confirmed = paidEntryOf(p);
  return (
    <section aria-label="Your payment" className="flex flex-col gap-3">
      {p.testMode && <TestModeBanner />}
      <div role="status" className={`rounded-2xl border p-4 ${tone}`}>
        <p className="font-semibold">{text}</p>
        {confirmed ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="payment-confirmation">
            <dt className="text-slate-300">Your code</dt>
            <dd className="font-mono font-bold">{confirmed.code}</dd>
            <dt className="text-slate-300">Ticket</dt>
            <dd className="font-mono">{confirmed.ticketNumber}</dd>
            <dt className="text-slate-300">{confirmed.cells.length === 1 ? 'Cell' : 'Cells'}</dt>
            <dd>{describeCells(board.game, confirmed.cells, drawnAxes(board.axes))}</dd>
            <dt className="text-slate-300">Paid</dt>
            <dd>{formatCents(p.amountCents, { whole: false })}</dd>
          </dl>
        ) : (
          <p className="mt-1 text-sm opacity-90">
            {p.description} · {formatCents(p.amountCents, { whole: false })}
          </p>
        )}
      </div>
    </section>
  );
}
