import type { UseMutationResult } from '@tanstack/react-query';
import { useFormSubmit, useRemoveItem } from '../../../components/form-submit';
import { type FormSchema, type SchemaForm, useSchemaForm } from '../../../lib/form';

type Mutation<V, R> = Pick<UseMutationResult<R, Error, V>, 'mutate' | 'isPending' | 'variables'>;

/**
 * Editing one of the fan's lists: the add form (starting `blank`, validated with `schema` and then `check`,
 * cleared once the item is added, `added` toasted) and the removal of one item by id; a failure toasts
 * 'Could not add the <item>' or 'Could not remove the <item>'.
 */
export function useListEditing<T, V extends object, R>(
  schema: FormSchema<T>,
  blank: V,
  mutations: { add: Mutation<T, R>; remove: Mutation<string, unknown> },
  how: {
    /** What the toasts call one item of the list: 'achievement', … */
    item: string;
    added: (item: R) => { title: string; description?: string };
    /** A rule the schema cannot check alone; it shows its own problem on the form. */
    check?: (form: SchemaForm<T, V>) => boolean;
  },
) {
  const form = useSchemaForm(schema, blank);
  const { check } = how;
  const submit = useFormSubmit(form, mutations.add, {
    done: () => form.reset(),
    success: how.added,
    failed: `Could not add the ${how.item}`,
    ...(check ? { check: () => check(form) } : {}),
  });
  const removing = useRemoveItem(mutations.remove, `Could not remove the ${how.item}`);
  return { form, submit, pending: mutations.add.isPending, removing };
}
