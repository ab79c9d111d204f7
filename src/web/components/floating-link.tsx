import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { BELOW_HEADER, formMainButtons, type Spot, spotStyle, useClearSpot } from '../lib/clear-spot';

/**
 * Bottom right above the page's end, or, when a form's main button is there, top right below the header:
 * the floating button never covers a form's main button (lib/clear-spot.ts).
 */
const spots: Spot[] = [
  { bottom: 80, right: 16 },
  { top: BELOW_HEADER, right: 16 },
];

/** A floating link that stays in reach while the page scrolls (e.g. the Knicks board's Fan Page button). */
export function FloatingLink({ to, children }: { to: string; children: ReactNode }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const spot = useClearSpot(ref, spots, formMainButtons, true);
  return (
    <Link
      ref={ref}
      to={to}
      data-keep-visible
      data-testid="floating-link"
      style={spotStyle(spot)}
      className="fixed z-30 rounded-full bg-brand-500 px-5 py-3 font-bold text-ink-950 shadow-xl shadow-black/40 hover:bg-brand-400"
    >
      {children}
    </Link>
  );
}
