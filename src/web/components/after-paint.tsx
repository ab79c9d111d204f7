import { type ReactNode, Suspense } from 'react';
import { usePainted } from '../lib/painted';

/**
 * What a screen shows after its heading: `fallback` until the screen has painted, then `children` (a lazy chunk),
 * with `fallback` while that chunk loads. Give the fallback the children's size, so nothing moves.
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const painted = usePainted();
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
