import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BoardView } from '../../../../shared/contracts/boards';
import { Button } from '../../../components/ui/button';
import { lookupEntries, myEntriesKey } from '../api';
import { forgetEntries, myEntries, unpaidEntryNote } from '../board-entries';

/**
 * This browser's paid entries (made with a checkout) on the board whose cells the board does not show under
 * their code: a hold that ended (its checkout cancelled or expired), or an entry taken off the board. Only
 * these are looked up.
 */
function missingTickets(board: Pick<BoardView, 'slug' | 'cells'>): string[] {
  const codeAt = new Map(board.cells.map((c) => [c.cell, c.code]));
  return myEntries()
    .filter(
      (e) =>
        e.boardSlug === board.slug &&
        e.checkoutUrl !== undefined &&
        !e.cells.some((cell) => codeAt.get(cell) === e.code),
    )
    .map((e) => e.ticketNumber)
    .sort();
}

/**
 * Says so on its board when one of this browser's entries was not paid (its checkout was cancelled or
 * expired, as the server has it): nothing was charged and its cells are free. Dismissing forgets the entry in
 * this browser.
 */
export function UnpaidEntries({ board }: { board: Pick<BoardView, 'slug' | 'cells'> }) {
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const tickets = missingTickets(board);
  const unpaid = useQuery({
    queryKey: [...myEntriesKey, 'missing', board.slug, tickets] as const,
    queryFn: () => lookupEntries(tickets),
    enabled: tickets.length > 0,
    select: (entries) => entries.filter((e) => tickets.includes(e.ticketNumber) && e.status === 'Not paid'),
  });
  const entries = unpaid.data ?? [];
  if (dismissed || tickets.length === 0 || entries.length === 0) return null;
  const dismiss = () => {
    forgetEntries(entries.map((e) => e.ticketNumber));
    setDismissed(true);
    void queryClient.invalidateQueries({ queryKey: myEntriesKey });
  };
  return (
    <section
      aria-label="Checkout cancelled"
      className="flex flex-col gap-2 rounded-2xl border border-red-400/40 bg-red-950/40 p-4 text-sm text-red-100"
    >
      <div role="status">
        <ul className="flex flex-col gap-1">
          {entries.map((e) => (
            <li key={e.ticketNumber} data-testid="unpaid-entry">
              <strong className="font-semibold text-white">
                Entry {e.code} (ticket {e.ticketNumber}).
              </strong>{' '}
              {unpaidEntryNote}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={dismiss}>
        Dismiss
      </Button>
    </section>
  );
}
