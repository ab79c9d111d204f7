import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button, type ButtonVariant, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

/**
 * A wide table in its own scrolling box: phones scroll the table, not the page. The box takes focus so
 * keyboard users can scroll it; its label names it for screen readers.
 */
export function TableBox({
  label,
  minWidth,
  container = false,
  children,
}: {
  label: string;
  minWidth: string;
  /**
   * The box is a size container: a row's content can be as wide as the box shows (100cqw) rather than the
   * table (a panel opened under a row).
   */
  container?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table box must take focus so keyboard users can scroll it
      tabIndex={0}
      // relative: visually hidden labels inside (position: absolute) stay in the scrolling box on phones
      className={cn('relative overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850', container && '@container')}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>{children}</table>
    </section>
  );
}

export const th = 'px-3 py-2 text-xs font-semibold tracking-wide text-slate-300 uppercase whitespace-nowrap';
export const td = 'px-3 py-2 align-top text-slate-100';
export const tr = 'border-t border-ink-700';

/**
 * The CSV download: a plain link to the streamed export, so the browser saves the server's file
 * (its name and contents come from the server, with the admin session's cookie).
 */
export function ExportLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonClasses('outline', 'md')}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/** One headline figure. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-ink-700 bg-ink-850 p-4">
      <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-black text-white">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-400">{hint}</dd>}
    </div>
  );
}

/** A section of an admin screen with its heading (h2) and optional actions beside it. */
export function AdminSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    // min-w-0: inside a grid or flex row, a wide table scrolls in its box instead of widening the page.
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-white">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export const formatWhen = (iso: string) => formatDayTime(iso, 'local');

/** The header cell over a column of row buttons: named for screen readers, blank on screen. */
export function ActionsHeader({ className }: { className?: string }) {
  return (
    <th className={cn(th, className)}>
      <span className="sr-only">Actions</span>
    </th>
  );
}

/** A column's name in a table's head: a plain name, or one over amounts (right-aligned like them). */
export type Column = string | { label: string; right: true };

/**
 * A table's head row: each column's name, then, with `actions`, the header over a column of row buttons.
 */
export function TableHead({ columns, actions = false }: { columns: readonly Column[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, right } = typeof column === 'string' ? { label: column, right: false } : column;
          return (
            <th key={label} className={right ? `${th} text-right` : th}>
              {label}
            </th>
          );
        })}
        {actions && <ActionsHeader />}
      </tr>
    </thead>
  );
}

/** A form that adds to one board: the boards it may choose from, and whether they are still loading. */
export interface BoardChoiceProps {
  options: Array<{ value: string; label: string }>;
  loading: boolean;
}

/** An empty list's message ('No entries found', 'No login attempts found'). */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">{children}</p>;
}

/**
 * What a query shows in its place: its failure (the server's message and a retry), `placeholder` while it loads,
 * then its data through `children`.
 */
export function Loaded<T>({
  query,
  placeholder,
  children,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: T | undefined };
  placeholder: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryFailed query={query} />;
  return query.data === undefined ? placeholder : children(query.data);
}

/** A form's last lines: the refusal (announced) and the submit button with its busy label. */
export function FormFooter({
  message,
  pending,
  label,
  busyLabel,
  blocked = false,
}: {
  message: string | null;
  pending: boolean;
  label: string;
  busyLabel: string;
  /** A field the form checks as it is typed is wrong: the button waits until it is put right. */
  blocked?: boolean;
}) {
  return (
    <>
      {message && (
        <p role="alert" className="text-sm font-semibold text-red-300">
          {message}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={pending || blocked}>
        {pending ? busyLabel : label}
      </Button>
    </>
  );
}

/**
 * The confirm step before a change an organizer cannot take back (lock, cancel, open early, delete): the
 * app's dialog saying what will happen, a button that keeps things as they are and one that goes ahead. The
 * dialog traps focus and closes on Escape, returning focus to the button that opened it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  keepLabel,
  confirmLabel,
  busyLabel,
  pending,
  onConfirm,
  variant = 'primary',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  /** The confirm button's label while the change runs (the button waits either way). */
  busyLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  variant?: ButtonVariant;
  /** More to read before deciding, between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {keepLabel}
        </Button>
        <Button variant={variant} disabled={pending} onClick={onConfirm}>
          {pending && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
