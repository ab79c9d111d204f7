import type { MyEntryView } from '../../../../shared/contracts/board-responses';
import { cn } from '../../../lib/cn';

const statusStyle: Record<MyEntryView['status'], string> = {
  Pending: 'bg-sky-700 text-white',
  'In Progress': 'bg-amber-500 text-ink-950',
  Won: 'bg-court-500 text-ink-950',
  Lost: 'bg-slate-600 text-white',
  Cancelled: 'bg-slate-700 text-white',
  Deleted: 'bg-slate-700 text-white',
  Refunded: 'bg-slate-700 text-white',
  'Awaiting payment': 'bg-amber-200 text-ink-950',
  'Not paid': 'bg-red-800 text-white',
};

/**
 * Entered-game status (Pending, In Progress, Won, Lost; Cancelled boards too, entries an organizer Deleted
 * or Refunded, and a paid entry Awaiting payment or Not paid), as the server says it.
 */
export function EntryStatusBadge({ status }: { status: MyEntryView['status'] }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', statusStyle[status])}>{status}</span>;
}
