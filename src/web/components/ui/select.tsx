import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useField } from './field';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first, empty choice (e.g. 'Choose a platform'), for selects without a default. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (keyboard and screen readers for free) with its error and hint wired up. */
export function Select({ label, options, placeholder, error, hint, id, className, ...props }: SelectProps) {
  const field = useField({ id, label, hint, error });
  return field.wrap(
    <select
      {...field.control}
      className={cn('h-11 rounded-xl border bg-ink-950 px-3 text-base text-white', field.border, className)}
      {...props}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>,
  );
}
