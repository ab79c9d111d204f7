/** A label/value list (a `<dl>`), e.g. an entry's summary. */
export function DetailsList({ items }: { items: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-ink-700 pb-2">
          <dt className="shrink-0 text-slate-400">{label}</dt>
          {/* A value the fan wrote (a message, a name) wraps anywhere rather than widen the list. */}
          <dd className="min-w-0 text-right wrap-anywhere text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One label/value pair of a `<dl>` whose unset value reads 'Not set' (docs/product.md#messages-and-toasts). */
export function Detail({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{term}</dt>
      <dd className={value ? 'mt-0.5 wrap-anywhere text-white' : 'mt-0.5 text-slate-400 italic'}>
        {value ?? 'Not set'}
      </dd>
    </div>
  );
}
