import { type CSSProperties, type RefObject, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { BELOW_HEADER, keepVisible, type Spot, spotStyle, useClearSpot } from '../../lib/clear-spot';
import { cn } from '../../lib/cn';
import { CloseButton } from './button';
import { Icon } from './icon';
import type { ActiveToast } from './toast';

const icons = { default: 'info', success: 'success', error: 'alert' } as const;

/**
 * Where a toast may sit, in order: on a phone the top (below the header) or the bottom; on a wider screen
 * the bottom right, the top right, then the left side. It takes the first that covers no form button, the
 * board grid or the fan's code (lib/clear-spot.ts).
 */
const phoneSpots: Spot[] = [
  { top: BELOW_HEADER, left: 16 },
  { bottom: 16, left: 16 },
];
const wideSpots: Spot[] = [
  { bottom: 16, right: 16 },
  { top: BELOW_HEADER, right: 16 },
  { bottom: 16, left: 16 },
  { top: BELOW_HEADER, left: 16 },
];

/**
 * The toast itself, loaded with the first toast (a visitor who never sees one never downloads it, nor the
 * placement rules). It places the notification region (`region`, always in the page so the live region is
 * there before the message) at its clearest spot, and dismisses itself after the toast's time unless the
 * pointer or focus is on it.
 */
export default function ToastCard({
  toast,
  onDismiss,
  region,
  onPlace,
}: {
  toast: ActiveToast;
  onDismiss: () => void;
  region: RefObject<HTMLElement | null>;
  onPlace: (style: CSSProperties) => void;
}) {
  const [paused, setPaused] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spots are chosen for each toast as it appears
  const spots = useMemo(() => (window.innerWidth < 640 ? phoneSpots : wideSpots), [toast.id]);
  const spot = useClearSpot(region, spots, keepVisible, toast.id);
  // Placed before the browser paints, so the toast never shows at a spot it then leaves.
  useLayoutEffect(() => onPlace(spotStyle(spot)), [spot, onPlace]);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing the timer while the toast is hovered or focused (WCAG 2.2.1)
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border p-3 shadow-2xl sm:p-4',
        toast.variant === 'error' ? 'border-red-400/60 bg-red-950' : 'border-ink-600 bg-ink-800',
      )}
    >
      <Icon
        name={icons[toast.variant]}
        className={cn(
          'mt-0.5 size-5 shrink-0',
          toast.variant === 'success' && 'text-court-400',
          toast.variant === 'error' && 'text-red-300',
          toast.variant === 'default' && 'text-sky-accent',
        )}
      />
      <div className="flex-1">
        <p className="text-sm font-semibold text-white sm:text-base">{toast.title}</p>
        {toast.description && (
          <p className="mt-0.5 text-sm wrap-anywhere text-slate-200 sm:mt-1">{toast.description}</p>
        )}
      </div>
      <CloseButton label="Dismiss notification" onClick={onDismiss} compact />
    </div>
  );
}
