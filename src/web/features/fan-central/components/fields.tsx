import { Input, type InputProps } from '../../../components/ui/input';
import { Select, type SelectProps } from '../../../components/ui/select';

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
