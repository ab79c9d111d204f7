import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Input, type InputProps } from '../../../components/ui/input';
import { Select, type SelectProps } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';

/** What a field needs of a `useSchemaForm` form: its value, its error and a way to change it. */
export interface FieldsOf<K extends string> {
  values: Record<K, string>;
  errors: Partial<Record<K, string | undefined>>;
  set(field: K, value: string): void;
}

type Bound<K extends string> = { form: FieldsOf<K>; name: K };

/** A text input bound to one field of a Fan Central form (no autocomplete unless given). */
export function FormInput<K extends string>({ form, name, ...props }: Bound<K> & Omit<InputProps, 'name' | 'form'>) {
  return (
    <Input
      autoComplete="off"
      {...props}
      value={form.values[name]}
      onChange={(e) => form.set(name, e.target.value)}
      error={form.errors[name]}
    />
  );
}

/** A select bound to one field of a Fan Central form. */
export function FormSelect<K extends string>({ form, name, ...props }: Bound<K> & Omit<SelectProps, 'name' | 'form'>) {
  return (
    <Select
      {...props}
      value={form.values[name]}
      onChange={(e) => form.set(name, e.target.value)}
      error={form.errors[name]}
    />
  );
}

/**
 * The submit of an add form: validate (plus `check`, a rule the schema cannot check alone), then add; once
 * added, clear the form and say so; when it fails, show the server's field errors and its message.
 */
export function useAddSubmit<T, R>(
  form: { validate(): T | undefined; reset(): void; showServerErrors(err: unknown): void },
  add: Pick<UseMutationResult<R, Error, T>, 'mutate'>,
  messages: { added: (item: R) => { title: string; description: string }; failed: string; check?: () => boolean },
) {
  const { toast } = useToast();
  return (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    const ok = messages.check ? messages.check() : true;
    if (!input || !ok) return;
    add.mutate(input, {
      onSuccess: (item) => {
        form.reset();
        toast({ ...messages.added(item), variant: 'success' });
      },
      onError: (err) => {
        form.showServerErrors(err);
        toast({ title: messages.failed, description: messageOf(err), variant: 'error' });
      },
    });
  };
}
