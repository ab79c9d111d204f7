import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';

/**
 * A list item's card, named by its title (an h4): the title with a line under it, a tag beside them, then
 * the item's own content.
 */
export function TitledItem({
  title,
  meta,
  tag,
  className,
  children,
}: {
  title: string;
  /** The line under the title. */
  meta: ReactNode;
  tag: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className={cn(className, 'rounded-xl border border-ink-700 bg-ink-900 p-4')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={titleId} className="font-bold break-words text-white">
            {title}
          </h4>
          {meta}
        </div>
        {tag}
      </div>
      {children}
    </li>
  );
}
