import type { MyEntryView } from '../../../../shared/contracts/boards';
import { cn } from '../../../lib/cn';

const statusStyle: Record<MyEntryView['status'], string> = {
  Pending: 'bg-sky-700 text-white',
  'In Progress': 'bg-amber-500 text-ink-950',
  Won: 'bg-court-500 text-ink-950',
  Lost: 'bg-slate-600 text-white',
  Cancelled: 'bg-slate-700 text-white',
  Deleted: 'bg-slate-700 text-white',
  Refunded: 'bg-slate-700 text-white',
};

/**
 * Entered-game status (Pending, In Progress, Won, Lost; Cancelled boards too, and entries an organizer Deleted
 * or Refunded), as the server says it.
 */
export function EntryStatusBadge({ status }: { status: MyEntryView['status'] }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', statusStyle[status])}>{status}</span>;
}
