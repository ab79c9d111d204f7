import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The list's frame: cards of one fixed height, one column on a phone, two from sm, four from lg, and room for
 * the first four cards (and the footer row under them) whether they have arrived or not. Longer lists grow
 * only when the fan asks for all of them.
 */
export function OpenBoardsFrame({
  busy = false,
  footer,
  children,
}: {
  busy?: boolean;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div aria-busy={busy || undefined} className="mt-4">
      <ul
        aria-label={busy ? undefined : 'Open boards'}
        className={cn(
          'grid auto-rows-[7rem] grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4',
          'min-h-[30.25rem] sm:min-h-[14.75rem] lg:min-h-[7rem]',
        )}
      >
        {children}
      </ul>
      <div className="mt-3 flex h-[5.75rem] flex-col items-start gap-2 sm:h-11 sm:flex-row sm:items-center sm:gap-6">
        {footer}
      </div>
    </div>
  );
}
