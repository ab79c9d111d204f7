import { Plus } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/**
 * An add-form that stays folded behind its 'Add …' button until the fan asks for it, so a long page shows
 * the fan's content first. The button says whether the form is open (aria-expanded); opening moves focus
 * to the form's first field; Escape or the form's Cancel closes it and gives focus back to the button.
 * `children` gets `close` for the form's Cancel button.
 */
export function OnDemandForm({
  openLabel,
  children,
  className,
}: {
  /** The opener's text: 'Add a game', 'Add to your trophy case', … */
  openLabel: string;
  children: (close: () => void) => ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-3', className)}>
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Plus aria-hidden="true" className="size-4" />
        {openLabel}
      </Button>
      {open && (
        // Escape anywhere inside the form closes it; the handler only listens, the fields stay the controls.
        // biome-ignore lint/a11y/noStaticElementInteractions: the keydown is delegated from the form's own fields
        <div id={panelId} ref={panel} onKeyDown={onKeyDown} className="min-w-0">
          {children(close)}
        </div>
      )}
    </div>
  );
}

/**
 * The usual form behind an OnDemandForm: its fields, then the submit ('Adding...' while pending) and Cancel,
 * which folds it away again.
 */
export function OnDemandAddForm({
  openLabel,
  formLabel,
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  openLabel: string;
  /** The form's name for screen readers. */
  formLabel: string;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  submitLabel: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  return (
    <OnDemandForm openLabel={openLabel}>
      {(close) => (
        <form noValidate onSubmit={onSubmit} aria-label={formLabel} className="flex max-w-xl min-w-0 flex-col gap-3">
          {children}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Adding...' : submitLabel}
            </Button>
            <Button variant="ghost" onClick={close} disabled={pending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </OnDemandForm>
  );
}
