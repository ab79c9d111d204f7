import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
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

function Toaster({ toast, onDismiss }: { toast: ActiveToast | null; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(onDismiss, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
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
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border p-4 shadow-2xl',
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
              <p className="font-semibold text-white">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm text-slate-200">{toast.description}</p>}
            </div>
            <CloseButton label="Dismiss notification" onClick={onDismiss} compact />
          </div>
        )}
      </div>
    </section>
  );
}
