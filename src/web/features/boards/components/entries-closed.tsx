import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BoardView } from '../../../../shared/contracts/boards';
import { voidedBoxText } from '../../../../shared/domain/board-ends';
import { boardOverMessage } from '../../../../shared/domain/boards';
import { paths } from '../../../app/paths';
import { closureMessage } from '../board-entries';
import { NextBoardAlert } from './entry-fields';

/** A board that takes no entries now or again: locked (or full), settled, cancelled or voided. */
export const entriesClosed = (status: BoardView['status']) =>
  status === 'locked' || status === 'settled' || status === 'cancelled' || status === 'voided';

/** Why the board is closed, in a title and a sentence (a locked board's sentence is its closure's). */
function closedText(board: BoardView): { title: string | null; text: string } {
  if (board.status === 'voided') {
    return voidedBoxText({
      voidReason: board.voidReason ?? null,
      cause: board.legal.beneficiary ?? board.organization,
    });
  }
  if (board.status === 'settled' || board.status === 'cancelled') {
    return boardOverMessage({
      status: board.status,
      paymentRequired: board.paymentRequired,
      pledges: board.legal.moneyAllowed && board.entryRule.kind !== 'no-amount',
    });
  }
  return {
    title: null,
    text: board.closure === 'full' ? '' : closureMessage(board.closure ?? 'locked', board.scoring),
  };
}

/**
 * In place of the entry forms (the free entry's too) once a board takes no entries: "Entries are closed", why,
 * and where the fan's entries are. `minHeight` keeps the room the form had when the board closed while it
 * was shown, so nothing below moves.
 */
export function EntriesClosed({ board, minHeight }: { board: BoardView; minHeight?: number | undefined }) {
  const { title, text } = closedText(board);
  return (
    <section
      aria-labelledby={title ? 'entries-closed-heading entries-closed-title' : 'entries-closed-heading'}
      data-testid="entries-closed"
      className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
      style={minHeight ? { minHeight } : undefined}
    >
      <h2 id="entries-closed-heading" className="text-lg font-bold text-white">
        Entries are closed
      </h2>
      {title && (
        <p id="entries-closed-title" data-testid="board-over" className="mt-2 font-semibold text-white">
          {title}
        </p>
      )}
      {text && (
        <p className="mt-2 text-sm text-slate-200" data-testid={title ? undefined : 'board-closure'}>
          {text}
        </p>
      )}
      {board.closure === 'full' && (
        <div className="mt-2">
          <NextBoardAlert slug={board.nextBoardSlug} />
        </div>
      )}
      <Link to={paths.entered} className="mt-3 inline-block text-sm font-semibold text-brand-300 underline">
        Your entries
      </Link>
    </section>
  );
}

/**
 * The height of the element at the returned ref while `shown`, kept once it is not: what a closed board's box
 * reserves in place of the form it replaced, so the page does not jump when the board closes live.
 */
export function useKeptHeight(shown: boolean): [RefObject<HTMLDivElement | null>, number | undefined] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [kept, setKept] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!shown || !el || typeof ResizeObserver === 'undefined') return;
    const read = () => setKept(el.offsetHeight || undefined);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);
  return [ref, kept];
}
