import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useField } from './field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its error and hint wired to assistive tech (the Input's twin). */
export function Textarea({ label, error, hint, id, className, rows = 4, ...props }: TextareaProps) {
  const field = useField({ id, label, hint, error });
  return field.wrap(
    <textarea
      {...field.control}
      rows={rows}
      className={cn(
        'min-h-24 rounded-xl border bg-ink-950 px-3 py-2.5 text-base text-white placeholder:text-slate-400',
        field.border,
        className,
      )}
      {...props}
    />,
  );
}
