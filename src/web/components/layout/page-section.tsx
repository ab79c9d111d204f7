import type { ReactNode } from 'react';

/**
 * A titled part of a page: a `<section>` named by its h2 (`<id>-heading`). The h2 reads `icon` then `title`,
 * in the page's section style unless `headingClassName` says otherwise; `anchor` also gives the section the
 * id, for links to it.
 */
export function PageSection({
  id,
  title,
  icon,
  headingClassName,
  className,
  anchor,
  children,
}: {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  headingClassName?: string;
  className?: string;
  anchor?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} id={anchor ? id : undefined} className={className}>
      <h2
        id={headingId}
        className={
          headingClassName ??
          (icon ? 'flex items-center gap-2 text-2xl font-black text-white' : 'text-2xl font-black text-white')
        }
      >
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
