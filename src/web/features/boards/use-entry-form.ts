import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CreateEntryInput, EntryCreated } from '../../../shared/contracts/boards';
import { entryCodeNote } from '../../../shared/domain/boards';
import { normalizePhone } from '../../../shared/domain/phone';
import { useToast } from '../../components/ui/toast';
import { ApiClientError } from '../../lib/api-client';
import { formRules, useSchemaForm } from '../../lib/form';
import { meQuery } from '../../lib/session';
import { createEntry } from './api';
import { entryFieldProblems, entryRefusal, rememberEntry } from './board-entries';

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Phone and nickname by the contract's rules (board-entries.ts), so the board screens need no zod. */
const entryFields = formRules((v: { phone: string; nickname: string; amount: string }) =>
  entryFieldProblems(v.phone, v.nickname),
);

/**
 * The entry form every board screen shows (board pages, the baseball modal): phone, nickname and amount in
 * one form, checked as the fan types like the sign-up form, one idempotency key per entry, and the board a
 * full board points to next.
 */
export function useEntryForm(initialAmount = '') {
  const form = useSchemaForm(entryFields, { phone: '', nickname: '', amount: initialAmount }, { live: true });
  const [nextBoard, setNextBoard] = useState<string | null>(null);
  const key = useRef(newKey());
  const { toast } = useToast();
  const queryClient = useQueryClient();
  /** A valid phone number and a nickname: the screens keep their submit disabled until then. */
  const filled = normalizePhone(form.values.phone) !== null && form.values.nickname.trim() !== '';

  /**
   * Checks phone and nickname on their fields, then takes the entry (remembered in this browser). `entered`
   * also gets why the code is not the nickname's own, if it is not (`entryCodeNote`). A refusal shows on its
   * fields and in a toast; a full board's message can name the next board (`fullBoard`).
   */
  const enter = (
    slug: string,
    input: Omit<CreateEntryInput, 'phone' | 'nickname' | 'idempotencyKey'>,
    on: { entered: (entry: EntryCreated, codeNote: string | null) => void; fullBoard?: (next: string) => string },
  ) => {
    form.clearErrors();
    const fields = form.validate();
    if (!fields) return;
    return form.submitting(async () => {
      try {
        const entry = await createEntry(slug, {
          phone: fields.phone.trim(),
          nickname: fields.nickname.trim(),
          ...input,
          idempotencyKey: key.current,
        });
        key.current = newKey();
        // Entered signed in, the entry is already the account's: the sign-in import has nothing to offer.
        rememberEntry(entry, Boolean(queryClient.getQueryData(meQuery.queryKey)));
        on.entered(entry, entryCodeNote(fields.nickname, entry.code));
      } catch (err) {
        const next = err instanceof ApiClientError ? err.fields?.nextBoard : undefined;
        if (next) setNextBoard(next);
        const refusal = entryRefusal(err);
        form.showServerErrors(err, ['phone', 'nickname']);
        toast({
          title: refusal.title,
          description: next && on.fullBoard ? on.fullBoard(next) : refusal.description,
          variant: 'error',
        });
      }
    });
  };

  return { form, filled, nextBoard, enter };
}

/** The entry form's fields and their problems, as PhoneAndNickname shows them. */
export type EntryForm = ReturnType<typeof useEntryForm>['form'];
