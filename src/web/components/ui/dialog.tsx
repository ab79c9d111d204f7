import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { CloseButton } from './button';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'center' for a modal card, 'side' for a panel sliding in from the right. */
  placement?: 'center' | 'side';
  /** A centred modal's width: 'wide' for a form laid out in two columns. */
  size?: 'default' | 'wide';
  className?: string;
}

/**
 * A modal built on the native <dialog> element: the browser traps focus, closes on Escape, restores
 * focus to the opener and makes the rest of the page inert. No injected styles, so it runs under the CSP.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  placement = 'center',
  size = 'default',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks are a mouse convenience; keyboard users close with Escape or the Close button
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={(e) => {
        // The browser fires 'close' a task after the dialog closed. A dialog reopened meanwhile (Keep, then the
        // same button again) is open when that late event arrives: it belongs to the closing before, not to
        // this opening, so it must not close it.
        if (!e.currentTarget.open) onClose();
      }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        // whitespace-normal: a dialog opened from a cell that does not wrap (a table's row buttons) still wraps.
        'bg-transparent p-0 whitespace-normal text-slate-100 backdrop:bg-black/70 open:flex',
        placement === 'side'
          ? 'm-0 ml-auto h-dvh max-h-dvh w-full max-w-md'
          : cn('m-auto w-[calc(100%-2rem)]', size === 'wide' ? 'max-w-2xl' : 'max-w-lg'),
      )}
    >
      <div
        className={cn(
          'flex w-full flex-col gap-4 border border-ink-700 bg-ink-850 p-5',
          // A centred card as tall as its content: taller than the screen, the dialog scrolls it whole.
          placement === 'side' ? 'h-full' : 'fg-dialog-enter self-start rounded-2xl',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-white">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-300">
                {description}
              </p>
            )}
          </div>
          <CloseButton label="Close" onClick={onClose} />
        </div>
        {children}
      </div>
    </dialog>
  );
}
