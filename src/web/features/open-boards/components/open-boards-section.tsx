import { lazy } from 'react';
import { AfterPaint } from '../../../components/after-paint';
import { Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { OpenBoardsFrame } from './open-boards-frame';

const OpenBoardsList = lazy(() => import('./open-boards-list').then((m) => ({ default: m.OpenBoardsList })));

/** Placeholders in the list's frame, the size of the list's first cards, until the list arrives. */
function OpenBoardsLoading() {
  return (
    <OpenBoardsFrame busy footer={null}>
      {[1, 2, 3, 4].map((n) => (
        <li key={n} aria-hidden="true">
          <Skeleton className="h-full" />
        </li>
      ))}
    </OpenBoardsFrame>
  );
}

/**
 * "Open boards": every board taking entries now, soonest game first (docs/product.md#open-boards). The heading
 * comes with the screen; the list's code and data come after the first paint, into a frame that holds its
 * place, so nothing below moves when it arrives.
 */
export function OpenBoardsSection({ headingClassName }: { headingClassName?: string }) {
  return (
    <PageSection id="open-boards" title="Open boards" headingClassName={headingClassName} anchor>
      <p className="mt-1 text-sm text-slate-300">Boards taking entries now, soonest game first.</p>
      <AfterPaint fallback={<OpenBoardsLoading />}>
        <OpenBoardsList />
      </AfterPaint>
    </PageSection>
  );
}
