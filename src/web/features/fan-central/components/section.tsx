import type { ReactNode } from 'react';
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
