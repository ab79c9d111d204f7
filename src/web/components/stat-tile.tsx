import type { ReactNode } from 'react';

/** One figure of a page's numbers (a `<dl>` of tiles): its label over its big value. */
export function StatTile({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-ink-700 bg-ink-850 p-4 text-center">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-black text-white sm:text-3xl">{value}</dd>
    </div>
  );
}
