import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A status badge (live, completed, upcoming): a small rounded pill in the status's colours (`className`), led by a
 * pulsing dot while the thing is live.
 */
export function StatusPill({ live, className, children }: { live: boolean; className: string; children: ReactNode }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', className)}>
      {live && <span className="fg-live-dot mr-1 inline-block size-1.5 rounded-full bg-white align-middle" />}
      {children}
    </span>
  );
}
