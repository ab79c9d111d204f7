import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { emailPattern } from '../../../../shared/contracts/accounts';
import { adminMessages, consentNeedsPhoneMessage } from '../../../../shared/contracts/admin';
import { ageTickMessage, type BoardLegal } from '../../../../shared/contracts/boards';
import { amountProblem, type EntryRule, NICKNAME_MAX } from '../../../../shared/domain/boards';
import { type BoardMode, stateProblem, usStateCodes, usStates } from '../../../../shared/domain/legal';
import { formatCents, parseDollars } from '../../../../shared/domain/money';
import { phoneFormatProblem } from '../../../../shared/domain/phone';
import { SMS_CONSENT_TEXT } from '../../../../shared/domain/sms';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { boardAmountQuery, useAddEntry } from '../api';
import { type BoardChoiceProps, FormFooter } from './admin-ui';

type TextField =
  | 'boardSlug'
  | 'nickname'
  | 'phone'
  | 'email'
  | 'state'
  | 'amount'
  | 'teamSupport'
  | 'organization'
  | 'referralCode'
  | 'gameCode';
type Values = Record<TextField, string> & { ageConfirmed: boolean; smsConsent: boolean };
const empty: Values = {
  boardSlug: '',
  nickname: '',
  phone: '',
  email: '',
  state: '',
  amount: '',
  teamSupport: '',
  organization: '',
  referralCode: '',
  gameCode: '',
  ageConfirmed: false,
  smsConsent: false,
};
const newKey = () => crypto.randomUUID();
const missing = (v: Values) => !v.boardSlug || !v.nickname.trim();

/** Whether a board takes a support amount: none on a no-amount rule (a free-to-play board's is always that). */
const takesAmount = (rule: EntryRule | undefined) => rule?.kind !== 'no-amount';

const stateOptions = usStateCodes.map((code) => ({ value: code, label: `${usStates[code]} (${code})` }));

/**
 * The amount a board takes, in words, under the amount field; one short line until a board is chosen (the
 * screen's heading stays its largest text as it first paints).
 */
function amountHint(rule: EntryRule | undefined): string {
  if (!rule) return "Must fit the chosen board's amount rule";
  if (rule.kind === 'whole-range') {
    return `Whole dollars from ${formatCents(rule.minCents)} to ${formatCents(rule.maxCents)}`;
  }
  if (rule.kind === 'presets-or-custom') return `At least ${formatCents(rule.minCents)}`;
  return '';
}

/** What the form knows of the chosen board once it has loaded: its amount rule, mode and eligibility. */
interface BoardRules {
  rule: EntryRule;
  mode: BoardMode;
  legal: BoardLegal;
}

/**
 * A board ("team") and a nickname are required; then the board's rules as a fan's own entry meets them, with the
 * same messages: an amount that fits its rule, the state where its mode asks (an excluded state refused), the
 * age tick; a text consent needs the phone it texts, and an email must look like one. Before the board has
 * loaded, the server checks its rules.
 */
const addEntryRules = (board: BoardRules | undefined) =>
  formRules((v: Values) => {
    if (missing(v)) {
      return {
        boardSlug: v.boardSlug ? undefined : 'Choose a game board',
        nickname: v.nickname.trim() ? undefined : 'Nickname is required',
      };
    }
    const amount = parseDollars(v.amount);
    const state = board ? stateProblem(board.mode, board.legal.excludedStates, v.state || null) : null;
    return {
      amount: !amount.ok ? amount.message : board ? (amountProblem(board.rule, amount.cents) ?? undefined) : undefined,
      state: state?.message,
      email: v.email.trim() && !emailPattern.test(v.email.trim()) ? 'Please enter a valid email address' : undefined,
      ageConfirmed: v.ageConfirmed ? undefined : ageTickMessage,
      smsConsent: v.smsConsent && !v.phone.trim() ? consentNeedsPhoneMessage : undefined,
    };
  });

/**
 * 'Add an entry' for a fan (cash at the venue, say): the entrant's nickname and, as on a fan's own entry, their
 * state, the age tick and whether they agree to texts; a phone and an email let the entry be told if it wins
 * (the claim link), and the amount fits the board's rule.
 */
export function AddEntryForm({ options, loading }: BoardChoiceProps) {
  const add = useAddEntry();
  const { toast } = useToast();
  const [slug, setSlug] = useState('');
  const chosen = useQuery(boardAmountQuery(slug));
  const data = slug ? chosen.data : undefined;
  const board: BoardRules | undefined = useMemo(
    () => (data ? { rule: data.entryRule, mode: data.mode, legal: data.legal } : undefined),
    [data],
  );
  const rules = useMemo(() => addEntryRules(board), [board]);
  // One key per submission: a double click or a retry of the same form makes one entry, not two.
  const key = useRef(newKey());
  const form = useSchemaForm(rules, empty, {
    fieldId: (f) => `add-entry-${f}`,
    // An edit starts a new submission; the board chosen loads its rules.
    onSet: (field, value) => {
      if (field === 'boardSlug') setSlug(value as string);
      key.current = newKey();
    },
  });
  const { values, errors, set, field } = form;
  const [message, setMessage] = useState<string | null>(null);
  // A board that takes no amount (free to play, or phone and nickname only) shows no amount field.
  const withAmount = takesAmount(board?.rule);
  const minimumAge = board?.legal.minimumAge ?? 18;

  // The phone is checked as it is typed, as on the fans' forms ('Enter a valid US phone number').
  const phoneProblem = phoneFormatProblem(values.phone);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (phoneProblem) return;
    // Checked before anything is sent; a missing board or nickname is also named above the button.
    if (!form.validate()) {
      if (missing(values)) setMessage(adminMessages.entryRequired);
      return;
    }
    const amount = parseDollars(values.amount);
    if (!amount.ok) return;
    const optional = (v: string) => v.trim() || undefined;
    add.mutate(
      {
        boardSlug: values.boardSlug,
        nickname: values.nickname.trim(),
        phone: optional(values.phone),
        email: optional(values.email),
        state: optional(values.state),
        ageConfirmed: values.ageConfirmed,
        smsConsent: values.smsConsent,
        amountCents: withAmount ? amount.cents : null,
        teamSupport: optional(values.teamSupport),
        organization: optional(values.organization),
        referralCode: optional(values.referralCode),
        gameCode: optional(values.gameCode),
        idempotencyKey: key.current,
      },
      {
        onSuccess: (entry) => {
          toast({
            title: adminMessages.entryAdded,
            description: `${entry.nickname} holds ${entry.code} on ${entry.boardSlug} (ticket ${entry.ticketNumber}).`,
            variant: 'success',
          });
          // The next entrant gives their own details and ticks; the board stays chosen.
          form.reset({ ...empty, boardSlug: values.boardSlug });
          key.current = newKey();
        },
        onError: (err) => {
          if (err instanceof ApiClientError && err.fields) {
            // The server names the amount by the request's field (amountCents); the form calls it amount.
            const { amountCents, ...rest } = err.fields;
            form.clearErrors();
            form.fail({ ...rest, ...(amountCents ? { amount: amountCents } : {}) });
          }
          setMessage(messageOf(err));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add an entry"
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Select
          label="Game board (team)"
          options={options}
          placeholder={loading ? 'Loading boards...' : options.length ? 'Choose a board' : 'No open boards'}
          {...field('boardSlug')}
        />
        <Input
          label="Nickname"
          maxLength={NICKNAME_MAX}
          {...field('nickname')}
          hint={`At most ${NICKNAME_MAX} characters`}
          autoComplete="off"
        />
        <Select
          label={board && !board.legal.stateRequired ? 'State (optional)' : 'State'}
          placeholder="Choose the entrant’s state"
          options={stateOptions}
          {...field('state')}
          hint={
            board?.legal.excludedStates.length
              ? `This board’s rules exclude ${board.legal.excludedStates.join(', ')}`
              : 'Where the entrant lives'
          }
        />
        {withAmount && (
          <Input
            label="Support amount in dollars"
            inputMode="decimal"
            autoComplete="off"
            {...field('amount')}
            hint={amountHint(board?.rule)}
          />
        )}
        <Input
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          maxLength={17}
          {...field('phone')}
          error={errors.phone ?? phoneProblem}
          autoComplete="off"
        />
        <Input
          label="Email (optional)"
          type="email"
          inputMode="email"
          maxLength={320}
          {...field('email')}
          hint="A win’s claim link is emailed here"
          autoComplete="off"
        />
        <Input label="Team support (optional)" maxLength={100} {...field('teamSupport')} />
        <Input
          label="Organization (optional)"
          maxLength={100}
          {...field('organization')}
          hint="The board's organization when empty"
        />
        <Input label="Referral code (optional)" maxLength={100} {...field('referralCode')} />
        <Input label="Game code (optional)" maxLength={100} {...field('gameCode')} />
      </div>
      <div className="flex flex-col gap-3">
        <TickBox
          id="add-entry-ageConfirmed"
          checked={values.ageConfirmed}
          onChange={(on) => set('ageConfirmed', on)}
          error={errors.ageConfirmed}
        >
          The entrant is {minimumAge} or older (this board’s minimum age)
        </TickBox>
        <TickBox
          id="add-entry-smsConsent"
          checked={values.smsConsent}
          onChange={(on) => set('smsConsent', on)}
          error={errors.smsConsent}
        >
          The entrant agrees to this text consent, read to them: “{SMS_CONSENT_TEXT}”
        </TickBox>
      </div>
      <FormFooter
        message={message}
        pending={add.isPending}
        blocked={Boolean(phoneProblem)}
        label="Add Entry"
        busyLabel="Adding..."
      />
    </form>
  );
}

/** A real checkbox with its wording beside it and its refusal wired to it (reached with Tab, ticked with Space). */
function TickBox({
  id,
  checked,
  onChange,
  error,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-start gap-3 text-sm text-slate-200">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-ink-600 bg-ink-950 accent-brand-500"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
