import { Trash2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** One Fan Central panel: a card with its h2 (the region's name), optional actions and content. */
export function FanSection({
  id,
  title,
  icon,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('min-w-0 rounded-2xl border border-ink-700 bg-ink-850 p-5 scroll-mt-4', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-black text-white sm:text-2xl">
          {icon}
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The dashed box of an empty list ('Your trophy case is empty', …). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-ink-600 p-5 text-slate-300">{children}</div>;
}

/**
 * A list the fan adds to: the add form (its fields, then 'Add …', 'Adding...' while pending) beside the
 * list, or the list's empty state.
 */
export function AddAndList({
  formLabel,
  onSubmit,
  fields,
  pending,
  submitLabel,
  empty,
  listLabel,
  listClassName,
  children,
  className,
}: {
  formLabel: string;
  onSubmit: (e: FormEvent) => void;
  fields: ReactNode;
  pending: boolean;
  submitLabel: string;
  /** What the empty list says; the list itself when undefined. */
  empty: ReactNode | undefined;
  listLabel: string;
  listClassName: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn(className, 'grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
      <form noValidate onSubmit={onSubmit} aria-label={formLabel} className="flex min-w-0 flex-col gap-3">
        {fields}
        <Button type="submit" className="self-start" disabled={pending}>
          {pending ? 'Adding...' : submitLabel}
        </Button>
      </form>
      <div className="min-w-0">
        {empty !== undefined ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <ul aria-label={listLabel} className={listClassName}>
            {children}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The small trash button that removes one item ('Remove <name>' for screen readers). */
export function RemoveButton({ name, className, ...props }: Omit<ButtonProps, 'name'> & { name: string }) {
  return (
    <Button size="sm" variant="ghost" className={cn(className, 'px-2')} {...props}>
      <Trash2 aria-hidden="true" className="size-4" />
      <span className="sr-only">Remove {name}</span>
    </Button>
  );
}
