import type { GamingTournament } from '../../../../shared/contracts/pages/gaming-catalog';
import { cn } from '../../../lib/cn';

const styles: Record<GamingTournament['status'], { label: string; className: string }> = {
  live: { label: 'Live', className: 'bg-red-600 text-white' },
  completed: { label: 'Completed', className: 'bg-slate-600 text-white' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-700 text-white' },
};

export function TournamentStatus({ status }: { status: GamingTournament['status'] }) {
  const style = styles[status];
  return (
    <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-bold', style.className)}>
      {status === 'live' && (
        <span className="fg-live-dot mr-1 inline-block size-1.5 rounded-full bg-white align-middle" />
      )}
      {style.label}
    </span>
  );
}
