import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { EntryCreated } from '../../../shared/contracts/board-responses';
import type { CreateEntryInput } from '../../../shared/contracts/boards';
import { entryCodeNote } from '../../../shared/domain/boards';
import { normalizePhone } from '../../../shared/domain/phone';
import { useToast } from '../../components/ui/toast';
import { ApiClientError } from '../../lib/api-client';
import { formRules, useSchemaForm } from '../../lib/form';
import { meQuery } from '../../lib/session';
import { createEntry, createFreeEntry } from './api';
import { entryFieldProblems, entryRefusal, rememberEntry } from './board-entries';

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

interface EntryValues {
  phone: string;
  nickname: string;
  amount: string;
  smsConsent: boolean;
  /** The one box 'I am at least {minimumAge} and agree to the official rules': sends both ticks. */
  eligible: boolean;
  /** The fan's US state (two letters), '' until chosen; asked where the board's `legal.stateRequired`. */
  state: string;
}

/** The box's refusal when it is left unticked. */
export const eligibleProblem = 'Tick the box to confirm your age and accept the official rules.';
/** The state select's refusal when the board asks for a state and none is chosen. */
export const stateMissingProblem = 'Choose your state.';

/**
 * Phone and nickname by the contract's rules (board-entries.ts), so the board screens need no zod, and the
 * age-and-rules box, which must be ticked.
 */
const entryFields = formRules((v: EntryValues) => ({
  ...entryFieldProblems(v.phone, v.nickname),
  eligible: v.eligible ? undefined : eligibleProblem,
}));

/** The fields of a refusal the form shows on its own controls. */
const shownFields = ['phone', 'nickname', 'state', 'eligible'] as const;

/**
 * The entry form every board screen shows (board pages, the baseball modal): phone, nickname and amount in
 * one form, checked as the fan types like the sign-up form, one idempotency key per entry, and the board a
 * full board points to next.
 */
export function useEntryForm(initialAmount = '') {
  const blank: EntryValues = {
    phone: '',
    nickname: '',
    amount: initialAmount,
    smsConsent: false,
    eligible: false,
    state: '',
  };
  const form = useSchemaForm(entryFields, blank, { live: true });
  const [nextBoard, setNextBoard] = useState<string | null>(null);
  /** The last refusal's message (a form may show it beside its submit, e.g. a free-entry limit). */
  const [refusal, setRefusal] = useState<string | null>(null);
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
    input: Omit<
      CreateEntryInput,
      'phone' | 'nickname' | 'idempotencyKey' | 'smsConsent' | 'ageConfirmed' | 'rulesAccepted' | 'state'
    >,
    on: {
      entered: (entry: EntryCreated, codeNote: string | null) => void;
      fullBoard?: (next: string) => string;
      /** The board asks for the fan's state (`legal.stateRequired`): none chosen is refused on the field. */
      stateRequired?: boolean;
      /**
       * A free entry (sweepstakes' free method): posted to the board's free entries, without an amount, with
       * the code texted to its number.
       */
      free?: { code: string };
      /** Told of each refusal (after the form shows its own fields'), e.g. to show one on another field. */
      refused?: (err: unknown) => void;
    },
  ) => {
    form.clearErrors();
    setRefusal(null);
    const fields = form.validate();
    const noState = on.stateRequired && form.values.state === '';
    if (noState) form.fail({ state: stateMissingProblem });
    if (!fields || noState) return;
    return form.submitting(async () => {
      try {
        const body = {
          phone: fields.phone.trim(),
          nickname: fields.nickname.trim(),
          ...input,
          smsConsent: fields.smsConsent,
          ageConfirmed: true as const,
          rulesAccepted: true as const,
          ...(fields.state ? { state: fields.state as CreateEntryInput['state'] } : {}),
          idempotencyKey: key.current,
        };
        const entry = on.free
          ? await createFreeEntry(slug, { ...body, amountCents: null, code: on.free.code })
          : await createEntry(slug, body);
        key.current = newKey();
        // Entered signed in, the entry is already the account's: the sign-in import has nothing to offer.
        rememberEntry(entry, Boolean(queryClient.getQueryData(meQuery.queryKey)));
        // The form clears once the entry is taken, so a second tap cannot enter twice: the next entrant
        // gives their own phone, nickname, consent and age. The amount and the state stay as chosen.
        form.reset({ ...blank, amount: form.values.amount, state: form.values.state });
        on.entered(entry, entryCodeNote(fields.nickname, entry.code));
      } catch (err) {
        const next = err instanceof ApiClientError ? err.fields?.nextBoard : undefined;
        if (next) setNextBoard(next);
        const refused = entryRefusal(err);
        setRefusal(refused.description);
        form.showServerErrors(err, shownFields);
        on.refused?.(err);
        toast({
          title: refused.title,
          description: next && on.fullBoard ? on.fullBoard(next) : refused.description,
          variant: 'error',
        });
      }
    });
  };

  return { form, filled, nextBoard, refusal, enter };
}

/** The entry form's fields and their problems, as PhoneAndNickname shows them. */
export type EntryForm = ReturnType<typeof useEntryForm>['form'];
