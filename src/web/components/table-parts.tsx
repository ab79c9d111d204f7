import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A box that scrolls sideways on narrow screens (a table wider than a phone): a named region that takes
 * focus, so keyboard users can scroll it too.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className={className}>
      {children}
    </section>
  );
}

/** One column of a table's header row: its label (text, or an `<abbr>`) and any class of its own. */
export interface Column {
  label: ReactNode;
  /** The React key, when the label is not a string. */
  key?: string;
  className?: string;
}

/** A header row's cells (`<th scope="col">`), each with the row's `className` and then its own. */
export function ColumnHeaders({ columns, className }: { columns: readonly Column[]; className: string }) {
  return (
    <>
      {columns.map((c) => (
        <th key={c.key ?? String(c.label)} scope="col" className={cn(className, c.className)}>
          {c.label}
        </th>
      ))}
    </>
  );
}
