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

/**
 * A titled panel of a page (a board's share and draw panels, a receipt's summary and next steps): a bordered
 * card, a `<section>` named by its h2 (`<id>-heading`) in the panel heading style.
 */
export function PanelSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <PageSection
      id={id}
      title={title}
      className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
      headingClassName="text-lg font-bold text-white"
    >
      {children}
    </PageSection>
  );
}
