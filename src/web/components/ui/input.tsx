import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { useField } from './field';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error and hint wired to assistive tech. */
export function Input({ label, error, hint, id, className, ...props }: InputProps) {
  const field = useField({ id, label, hint, error });
  return field.wrap(
    <input
      {...field.control}
      className={cn(
        'h-11 rounded-xl border bg-ink-950 px-3 text-base text-white placeholder:text-slate-400',
        field.border,
        className,
      )}
      {...props}
    />,
  );
}
