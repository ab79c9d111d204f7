import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { OnDemandAddForm } from '../../../components/on-demand-form';
import { cn } from '../../../lib/cn';

/** One Fan Central panel: a card with its h2 (the region's name), optional actions and content. */
export function FanSection({
  id,
  title,
  icon: Icon,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  /** The heading's icon, drawn in the brand colour beside the title. */
  icon?: LucideIcon;
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
          {Icon && <Icon aria-hidden="true" className="size-6 text-brand-400" />}
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
 * A list the fan adds to: the list (or its empty state) first, then the add form folded behind its
 * 'Add …' button (its fields, then the submit, 'Adding...' while pending, and Cancel).
 */
export function AddAndList({
  formLabel,
  openLabel,
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
  /** The button that opens the form: 'Add to your trophy case', … */
  openLabel: string;
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
    <div className={cn(className, 'flex flex-col gap-4')}>
      <div className="min-w-0">
        {empty !== undefined ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <ul aria-label={listLabel} className={listClassName}>
            {children}
          </ul>
        )}
      </div>
      <OnDemandAddForm
        openLabel={openLabel}
        formLabel={formLabel}
        onSubmit={onSubmit}
        pending={pending}
        submitLabel={submitLabel}
      >
        {fields}
      </OnDemandAddForm>
    </div>
  );
}
