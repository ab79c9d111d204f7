import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Said on every checkout page, confirmation screen and receipt of a payment that moved no real money
 * (the server's `testMode`, never a guess in the browser): TEST MODE, in words and at a glance.
 */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  return (
    <aside
      aria-label="Test mode"
      data-testid="test-mode-banner"
      className="flex items-start gap-3 rounded-2xl border-2 border-amber-300 bg-amber-300 p-4 text-ink-950 shadow-lg shadow-amber-950/30"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-lg font-black tracking-wide">TEST MODE</p>
        <p className="text-sm font-semibold">No real money moves: this payment is a test and pays for nothing.</p>
        {children && <div className="text-sm">{children}</div>}
      </div>
    </aside>
  );
}
