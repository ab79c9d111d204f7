import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { messageOf } from '../lib/form';
import { useToast } from './ui/toast';

/**
 * The submit of a form over one mutation: validate (plus `check`, a rule the schema cannot check alone,
 * which shows its own problem), then send; once sent, `done` (clear the form, leave edit mode) and the
 * success toast; when it fails, the server's field errors on the form and its message in a toast.
 */
export function useFormSubmit<T, R>(
  form: { validate(): T | undefined; showServerErrors(err: unknown): void },
  mutation: Pick<UseMutationResult<R, Error, T>, 'mutate'>,
  how: {
    done: () => void;
    success: (result: R) => { title: string; description?: string };
    failed: string;
    check?: () => boolean;
  },
) {
  const { toast } = useToast();
  return (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    const ok = how.check ? how.check() : true;
    if (!input || !ok) return;
    mutation.mutate(input, {
      onSuccess: (result) => {
        how.done();
        toast({ ...how.success(result), variant: 'success' });
      },
      onError: (err) => {
        form.showServerErrors(err);
        toast({ title: how.failed, description: messageOf(err), variant: 'error' });
      },
    });
  };
}

/** Removing one item of a list: whether that item is on its way out, and a toast when it could not be removed. */
export function useRemoveItem<T, R>(
  mutation: Pick<UseMutationResult<R, Error, T>, 'mutate' | 'isPending' | 'variables'>,
  failed: string,
) {
  const { toast } = useToast();
  return {
    busy: (id: T) => mutation.isPending && mutation.variables === id,
    remove: (id: T) =>
      mutation.mutate(id, {
        onError: (err) => toast({ title: failed, description: messageOf(err), variant: 'error' }),
      }),
  };
}
