import { useMemo, useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated on change against the shared zod schema (the same one the endpoint uses).
 * Errors show for fields the user has touched; `valid` covers every field.
 */
export function useFormFields<S extends z.ZodObject>(schema: S, initial: Record<keyof z.infer<S>, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof z.infer<S>, boolean>>>({});

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => {
    const out: Partial<Record<keyof z.infer<S>, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof z.infer<S>;
        out[key] ??= issue.message;
      }
    }
    return out;
  }, [result]);

  return {
    values,
    valid: result.success,
    data: result.success ? (result.data as z.infer<S>) : undefined,
    error: (field: keyof z.infer<S>) => (touched[field] ? errors[field] : undefined),
    set: (field: keyof z.infer<S>, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    reset: () => {
      setValues(initial);
      setTouched({});
    },
  };
}
