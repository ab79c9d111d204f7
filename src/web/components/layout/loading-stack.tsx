import { Skeleton } from './page';

/**
 * The placeholder of a page's content while it loads (marked busy): optionally a row of `cards` (three
 * across from md up), then grey blocks top to bottom, each with its size classes.
 */
export function LoadingStack({
  blocks,
  cards,
  gap = 'gap-4',
}: {
  blocks: readonly string[];
  cards?: { count: number; size: string };
  gap?: 'gap-3' | 'gap-4';
}) {
  return (
    <div className={`flex flex-col ${gap}`} aria-busy="true">
      {cards && (
        <div className="grid gap-4 md:grid-cols-3">
          {Array.from({ length: cards.count }, (_, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={n} className={cards.size} />
          ))}
        </div>
      )}
      {blocks.map((size, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={n} className={size} />
      ))}
    </div>
  );
}
