import type { MyEntryView } from '../../../../shared/contracts/board-responses';
import type { PrizeState } from '../../../../shared/contracts/prizes';
import { formatCents } from '../../../../shared/domain/money';
import { prizeStateLabels } from '../../../../shared/domain/prizes';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const stateStyle: Record<PrizeState, string> = {
  unclaimed: 'bg-amber-500 text-ink-950',
  claimed: 'bg-sky-700 text-white',
  paid: 'bg-court-500 text-ink-950',
  'given-back': 'bg-violet-700 text-white',
  expired: 'bg-slate-600 text-white',
};

/**
 * A won entry's prizes and where each stands: 'Claim now' while it can be claimed (the claim link is the
 * owner's only), else its state (Claimed, Paid, Given back, Expired).
 */
export function EntryPrizes({ prizes }: { prizes: NonNullable<MyEntryView['prizes']> }) {
  if (prizes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-2" aria-label="Prizes won">
      {prizes.map((p) => (
        <li
          key={p.period}
          data-prize={p.period}
          className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-xl bg-ink-900 px-3 py-2"
        >
          <span className="text-sm text-slate-100">
            Won <strong className="text-court-400">{formatCents(p.prizeCents)}</strong> · {p.periodLabel}
          </span>
          {p.state === 'unclaimed' && p.claimUrl ? (
            <a href={p.claimUrl} className={buttonClasses('primary', 'sm')}>
              Claim now
            </a>
          ) : (
            <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', stateStyle[p.state])}>
              {prizeStateLabels[p.state]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
