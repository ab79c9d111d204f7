/** A label/value list (a `<dl>`), e.g. an entry's summary. */
export function DetailsList({ items }: { items: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-ink-700 pb-2">
          <dt className="text-slate-400">{label}</dt>
          <dd className="text-right text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
