import { type ReactNode, useId } from 'react';

interface FieldOptions {
  id?: string | undefined;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/**
 * The label, hint and error around one form control, wired to assistive tech: the label names the
 * control, the hint and the error describe it, and an error marks it invalid. Input, Select and Textarea
 * share it; `control` is spread on the control element itself.
 */
export function useField({ id, label, hint, error }: FieldOptions) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    control: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
    /** The border of a control: red with an error, else the brand colour on focus. */
    border: error ? 'border-red-400' : 'border-ink-600 focus:border-brand-400',
    wrap: (children: ReactNode) => (
      // min-w-0: in a grid or flex row, a long select option or a date input does not widen the page.
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={controlId} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        {children}
        {hint && (
          <p id={hintId} className="text-xs text-slate-400">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-sm text-red-300">
            {error}
          </p>
        )}
      </div>
    ),
  };
}
