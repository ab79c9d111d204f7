import { type ChangeEvent, useCallback, useMemo, useRef, useState } from 'react';
import { ApiClientError } from './api-client';
import { fieldsOf } from './local-errors';

/** The message to show for a failed call: the server's (or local store's) message, else `fallback`. */
export const messageOf = (err: unknown, fallback = 'An unexpected error occurred') =>
  err instanceof ApiClientError ? err.message : fallback;

/**
 * Runs one task at a time: a call while one still runs (the second click of a double click, which comes
 * before the button shows as disabled) is dropped, so the action happens once and is reported once.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback((task: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    void task()
      // The task reports its own failure (a mutation's onError); a drop must not leave the guard set.
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, []);
}

/**
 * What a form checks its values with: a zod or zod/mini schema (the endpoint's own, so a form and its
 * endpoint agree), or a form's rules made into one with `formRules`. Typed by shape, so this file imports no
 * zod and a screen that keeps zod out of its bundle can still use the hook.
 */
export interface FormSchema<T> {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A form's own rules as a FormSchema: `problems` returns each failing field's message (or nothing), and the
 * values pass through unchanged when there is none. For rules a screen checks with the shared domain
 * functions rather than a zod schema.
 */
export function formRules<V>(problems: (values: V) => Partial<Record<string, string | undefined>>): FormSchema<V> {
  return {
    safeParse(values) {
      const issues = Object.entries(problems(values as V)).flatMap(([field, message]) =>
        message ? [{ path: [field], message }] : [],
      );
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: values as V };
    },
  };
}

/** For a form the browser does not check: its endpoint (or the next screen) does, and answers with the problems. */
export const noRules = formRules(() => ({}));

interface FormOptions {
  /**
   * Check as the fan types: a field's problem shows once it has been changed (sign-in and sign-up), and
   * `valid`/`data` follow every change. Otherwise problems show after a submit and clear as a field changes.
   */
  live?: boolean;
  /**
   * The id of each field's control: when a submit or the server finds problems, focus moves to the first
   * field (in the order of the initial values) that has one.
   */
  fieldId?: (field: string) => string;
  /** Called after every change of a value (by `set` or a bound field): e.g. a new submission key per edit. */
  onSet?: (field: string, value: unknown) => void;
}

/** How a bound text field reads its typing and where its problem comes from. */
export interface FieldOptions {
  /** Passes the typing through (a card number spaced, a nickname cut to length). */
  format?: (typed: string) => string;
  /**
   * The problem's path when the request names the field otherwise ('game.league' for `league`); `false`
   * for a field that shows no problem of its own (the screen shows it elsewhere).
   */
  errorAt?: string | false;
}

/**
 * The one way to build a form on the web: values (text or any other kind), their problems from the shared
 * schema (after a submit, or live), the server's field errors mapped back onto the fields, and `busy` while
 * a submit runs.
 */
export function useSchemaForm<T, V extends object>(schema: FormSchema<T>, initial: V, options: FormOptions = {}) {
  type F = keyof V & string;
  // The fields whose value is text as typed (a text input, select or text area edits them).
  type TextF = { [K in F]: string extends V[K] ? K : never }[F];
  // Problems by field, or by a path inside one ('game.league', 'prizeTable.0.prizeCents').
  type Fields = Partial<Record<F, string>> & Partial<Record<string, string>>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Fields>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const showErrors = (fields: Fields) => {
    setErrors(fields);
    const first = options.fieldId && Object.keys(initial).find((f) => fields[f]);
    if (first) document.getElementById(options.fieldId?.(first) ?? '')?.focus();
  };
  const live = useMemo(() => (options.live ? schema.safeParse(values) : undefined), [options.live, schema, values]);
  const liveErrors = useMemo(() => (live && !live.success ? (fieldsOf(live.error) as Fields) : {}), [live]);
  const shown = options.live
    ? ({
        ...Object.fromEntries(Object.entries(liveErrors).filter(([f]) => touched[f as F])),
        ...Object.fromEntries(Object.entries(errors).filter(([, message]) => message)),
      } as Fields)
    : errors;
  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (options.live) setTouched((t) => ({ ...t, [field]: true }));
    options.onSet?.(field, value);
  };
  return {
    values,
    /** Each field's problem as shown: after a submit or from the server, or (live) once the field changed. */
    errors: shown,
    /** Live forms: whether the values pass the schema now, and what it made of them. */
    valid: live?.success ?? false,
    data: live?.success ? live.data : undefined,
    busy,
    set,
    /**
     * A text field's props for Input, Select or Textarea: its id (when the form names its fields' ids), its
     * value, the change that sets it as typed (passed through `format` when given, e.g. a card number spaced
     * or a nickname cut to length), and its problem as shown (at `errorAt` when the request nests the field).
     */
    field<K extends TextF>(name: K, how?: FieldOptions | FieldOptions['format']) {
      const { format, errorAt = name } = typeof how === 'function' ? { format: how } : (how ?? {});
      return {
        ...(options.fieldId ? { id: options.fieldId(name) } : {}),
        value: values[name] as string,
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
          set(name, (format ? format(e.target.value) : e.target.value) as V[K]),
        error: errorAt === false ? undefined : shown[errorAt],
      };
    },
    reset(next: V = initial) {
      setValues(next);
      setErrors({});
      setTouched({});
    },
    /** The parsed values, or undefined after showing each field's problem. */
    validate(): T | undefined {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      showErrors(fieldsOf(result.error) as Fields);
      return undefined;
    },
    /**
     * The parsed values, or each field's problem without showing it on the form: for a screen that reports
     * a problem its own way (a toast naming what is missing).
     */
    check(): { ok: true; data: T } | { ok: false; fields: Partial<Record<string, string>> } {
      const result = schema.safeParse(values);
      return result.success ? { ok: true, data: result.data } : { ok: false, fields: fieldsOf(result.error) };
    },
    /** Clears every field's problem (a new submit starts clean). */
    clearErrors() {
      setErrors({});
    },
    /** Shows extra field problems (a rule the schema cannot check alone, e.g. a date against today). */
    fail(fields: Fields) {
      setErrors((e) => ({ ...e, ...fields }));
    },
    /**
     * Shows a failed call's field errors (if any) on the form and moves focus to the first; with `only`, just
     * those fields' (a refusal may also name fields the form does not show). `rename` maps the request's field
     * names onto the form's where they differ ('donorEmail' → 'email'). Returns the first problem shown.
     */
    showServerErrors(err: unknown, only?: readonly F[], rename?: Partial<Record<string, F>>): string | undefined {
      if (!(err instanceof ApiClientError) || !err.fields) return undefined;
      const named = Object.entries(err.fields).map(([f, message]) => [rename?.[f] ?? f, message] as const);
      const fields = Object.fromEntries(only ? named.filter(([f]) => only.includes(f as F)) : named) as Fields;
      showErrors(fields);
      const first = Object.keys(initial).find((f) => fields[f]);
      return first ? fields[first] : Object.values(fields).find(Boolean);
    },
    /**
     * Runs a submit with `busy` set until it settles. With `leaving`, a submit that succeeds stays busy: the
     * page is about to go elsewhere (a checkout), so the button must not come back.
     */
    async submitting(task: () => Promise<unknown>, opts: { leaving?: boolean } = {}) {
      setBusy(true);
      let ok = false;
      try {
        await task();
        ok = true;
      } finally {
        if (!(ok && opts.leaving)) setBusy(false);
      }
    },
  };
}

/** A form built by `useSchemaForm`, as its sections (fieldsets and panels) take it. */
export type SchemaForm<T, V extends object> = ReturnType<typeof useSchemaForm<T, V>>;
