import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { BELOW_HEADER, keepVisible, type Spot, spotStyle, useClearSpot } from '../../lib/clear-spot';
import { cn } from '../../lib/cn';
import { CloseButton } from './button';
import { Icon } from './icon';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** 5 s by default; 8 s and 10 s for the longer messages. */
  durationMs?: number;
}

interface ActiveToast extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description: string | undefined;
}

interface ToastApi {
  toast(options: ToastOptions): void;
  dismiss(): void;
}

export const DEFAULT_TOAST_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * One toast at a time. A new toast replaces the current one. Messages are announced through
 * a polite live region (assertive for errors); the timer pauses while the pointer or focus is on the toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const nextId = useRef(1);

  const api = useMemo<ToastApi>(
    () => ({
      toast({ title, description, variant = 'default', durationMs = DEFAULT_TOAST_MS }) {
        setCurrent({ id: nextId.current++, title, description, variant, durationMs });
      },
      dismiss() {
        setCurrent(null);
      },
    }),
    [],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toast={current} onDismiss={api.dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const icons = { default: 'info', success: 'success', error: 'alert' } as const;

/**
 * Where a toast may sit, in order: on a phone the top (below the header) or the bottom; on a wider screen
 * the bottom right, the top right, then the left side. It takes the first that covers no form button, the
 * board grid, the fan's code or the floating button (lib/clear-spot.ts).
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

function Toaster({ toast, onDismiss }: { toast: ActiveToast | null; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const region = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spots are chosen for each toast as it appears
  const spots = useMemo(() => (window.innerWidth < 640 ? phoneSpots : wideSpots), [toast?.id]);
  const spot = useClearSpot(region, spots, keepVisible, toast?.id);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(onDismiss, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  return (
    <section
      ref={region}
      aria-label="Notifications"
      data-testid="toaster"
      className="pointer-events-none fixed z-50 w-[calc(100%-2rem)] max-w-sm"
      style={spotStyle(spot)}
    >
      <div
        role={toast?.variant === 'error' ? 'alert' : 'status'}
        aria-live={toast?.variant === 'error' ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        {toast && (
          // biome-ignore lint/a11y/noStaticElementInteractions: pausing the timer while the toast is hovered or focused (WCAG 2.2.1)
          <div
            key={toast.id}
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
              {toast.description && <p className="mt-0.5 text-sm text-slate-200 sm:mt-1">{toast.description}</p>}
            </div>
            <CloseButton label="Dismiss notification" onClick={onDismiss} compact />
          </div>
        )}
      </div>
    </section>
  );
}
