import { useState } from 'react';
import type { z } from 'zod';
import { ApiClientError } from './api-client';
import { fieldsOf } from './local-errors';

/** The message to show for a failed call: the server's (or local store's) message, else a generic one. */
export const messageOf = (err: unknown) =>
  err instanceof ApiClientError ? err.message : 'An unexpected error occurred';

/**
 * A small form over one shared zod schema: string values, errors shown after a submit (and cleared as the
 * field changes), and the server's field errors mapped back onto the fields.
 */
export function useSchemaForm<S extends z.ZodType, F extends string>(schema: S, initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  return {
    values,
    errors,
    set(field: F, value: string) {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    reset(next: Record<F, string> = initial) {
      setValues(next);
      setErrors({});
    },
    /** The parsed values, or undefined after showing each field's problem. */
    validate(): z.infer<S> | undefined {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      setErrors(fieldsOf(result.error) as Partial<Record<F, string>>);
      return undefined;
    },
    /** Shows extra field problems (a rule the schema cannot check alone, e.g. a date against today). */
    fail(fields: Partial<Record<F, string>>) {
      setErrors((e) => ({ ...e, ...fields }));
    },
    /** Shows a failed call's field errors (if any) on the form. */
    showServerErrors(err: unknown) {
      if (err instanceof ApiClientError && err.fields) setErrors(err.fields as Partial<Record<F, string>>);
    },
  };
}
