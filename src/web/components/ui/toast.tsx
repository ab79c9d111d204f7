import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** 5 s by default; 8 s and 10 s for the longer messages. */
  durationMs?: number;
}

export interface ActiveToast extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description: string | undefined;
}

interface ToastApi {
  toast(options: ToastOptions): void;
  /** Dismisses the toast shown; given an id, only that toast (a stale timer never hides the toast after it). */
  dismiss(id?: number): void;
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
      dismiss(id) {
        setCurrent((shown) => (id === undefined || shown?.id === id ? null : shown));
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

let loaded: typeof import('./toast-card') | undefined;

/** Loads the toast's card and placement (done by the first toast; tests load it up front). */
export async function loadToastCard(): Promise<void> {
  loaded ??= await import('./toast-card');
}

/**
 * The notification region: always in the page (so screen readers hear a toast the moment it appears); the
 * toast's card and its placement load with the first toast (./toast-card.tsx).
 */
function Toaster({ toast, onDismiss }: { toast: ActiveToast | null; onDismiss: (id: number) => void }) {
  const region = useRef<HTMLElement>(null);
  const [placement, setPlacement] = useState<CSSProperties>();
  const [Card, setCard] = useState(() => loaded?.default);
  // The card's timer and close button dismiss their own toast, never one that replaced it meanwhile.
  const dismissThis = useCallback(() => {
    if (toast) onDismiss(toast.id);
  }, [toast, onDismiss]);
  useEffect(() => {
    if (toast && !Card) void loadToastCard().then(() => setCard(() => loaded?.default));
  }, [toast, Card]);

  return (
    <section
      ref={region}
      aria-label="Notifications"
      data-testid="toaster"
      className="pointer-events-none fixed z-50 w-[calc(100%-2rem)] max-w-sm"
      style={placement}
    >
      <div
        role={toast?.variant === 'error' ? 'alert' : 'status'}
        aria-live={toast?.variant === 'error' ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        {toast && Card && (
          <Card key={toast.id} toast={toast} onDismiss={dismissThis} region={region} onPlace={setPlacement} />
        )}
      </div>
    </section>
  );
}
