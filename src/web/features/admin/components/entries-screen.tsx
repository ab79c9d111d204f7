import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import {
  type AdminBoardSummary,
  type AdminEntry,
  type AdminMarkCollectedResult,
  adminMessages,
  MARK_COLLECTED_MAX,
} from '../../../../shared/contracts/admin';
import { amountProblem, type EntryRule, NICKNAME_MAX } from '../../../../shared/domain/boards';
import { formatCents, parseDollars } from '../../../../shared/domain/money';
import { phoneFormatProblem } from '../../../../shared/domain/phone';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { adminBoardsQuery, boardAmountQuery, useAddEntry, useMarkCollectedMany } from '../api';
import { AdminSection, FormFooter } from './admin-ui';
import { EntriesTable, type EntrySelection, entryName } from './entries-table';
import { EntryActions, ReturnedAction } from './entry-actions';

/**
 * What /admin-entries shows inside the admin gate (pages/admin-entries-page.tsx says what it is for): nothing is asked of the
 * admin API before the admin session exists.
 */
export function EntriesScreen() {
  const [board, setBoard] = useState('');
  const boards = useQuery(adminBoardsQuery);
  const list = boards.data?.boards ?? [];
  const option = (b: AdminBoardSummary) => ({
    value: b.slug,
    label: `${b.game.teamA} vs ${b.game.teamB} · ${b.slug} (${b.status}, ${b.entryCount}/${b.capacity})`,
  });
  // Entries can be added until a board locks; the list below shows every board's.
  const addable = list.filter((b) => b.status === 'open' || b.status === 'scheduled').map(option);
  // The ticked entries, kept whole so the outcome can name each one.
  const [ticked, setTicked] = useState<ReadonlyMap<string, AdminEntry>>(new Map());
  const selection: EntrySelection = {
    selectable: (e) => e.paymentState === 'pledged',
    isSelected: (id) => ticked.has(id),
    toggle: (entries, on) =>
      setTicked((now) => {
        const next = new Map(now);
        for (const e of entries) {
          if (on) next.set(e.id, e);
          else next.delete(e.id);
        }
        return next;
      }),
  };
  return (
    <>
      <AdminSection id="add-entry" title="Add an entry">
        <AddEntryForm options={addable} loading={boards.isPending} />
      </AdminSection>
      <AdminSection id="entries" title="Entries">
        <div className="max-w-md">
          <Select
            label="Show entries of"
            options={list.map(option)}
            placeholder="All boards"
            value={board}
            onChange={(e) => {
              setBoard(e.target.value);
              setTicked(new Map());
            }}
          />
        </div>
        <CollectMany ticked={ticked} onDone={() => setTicked(new Map())} />
        <EntriesTable
          board={board}
          label="Entry list"
          compact
          selection={selection}
          actions={(entry) => <EntryActions entry={entry} />}
        />
      </AdminSection>
      <AdminSection id="cash-to-return" title="Cash to return">
        <p className="max-w-2xl text-sm text-slate-300">
          Collected cash owed back to its entrant: their entry was deleted, or their board cancelled. Record each amount
          once you have handed it back.
        </p>
        <EntriesTable
          board={board}
          cash="to-return"
          label="Cash to return"
          compact
          empty={adminMessages.noCashToReturn}
          actions={(entry) => <ReturnedAction entry={entry} />}
        />
      </AdminSection>
    </>
  );
}

/**
 * 'Mark collected' for the ticked entries at once (at most 200 a time). The outcome stays on screen: how many
 * were marked, and each entry that did not change with the server's reason.
 */
function CollectMany({ ticked, onDone }: { ticked: ReadonlyMap<string, AdminEntry>; onDone: () => void }) {
  const collect = useMarkCollectedMany();
  const { toast } = useToast();
  const [outcome, setOutcome] = useState<{ result: AdminMarkCollectedResult; names: Map<string, string> } | null>(null);
  const count = ticked.size;
  const tooMany = count > MARK_COLLECTED_MAX;
  const run = () => {
    const names = new Map([...ticked.values()].map((e) => [e.id, entryName(e)]));
    collect.mutate([...ticked.keys()], {
      onSuccess: (result) => {
        setOutcome({ result, names });
        onDone();
      },
      onError: (err) =>
        toast({ title: 'Could not mark them collected', description: messageOf(err), variant: 'error' }),
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={count === 0 || tooMany || collect.isPending} onClick={run}>
          {collect.isPending ? 'Marking...' : `Mark selected collected (${count})`}
        </Button>
        <p className="text-sm text-slate-300">
          {tooMany
            ? `Mark at most ${MARK_COLLECTED_MAX} entries at once.`
            : 'Tick pledges in the list to mark them collected together.'}
        </p>
      </div>
      <div role="status">{outcome && <CollectOutcome {...outcome} />}</div>
    </div>
  );
}

function CollectOutcome({ result, names }: { result: AdminMarkCollectedResult; names: Map<string, string> }) {
  const marked = result.changed.length;
  return (
    <div
      className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-sm"
      data-testid="collect-outcome"
    >
      <p className="font-semibold text-white">
        {marked === 1 ? '1 pledge marked collected' : `${marked} pledges marked collected`}
        {marked > 0 && `: ${result.changed.map((e) => entryName(e)).join(', ')}`}.
      </p>
      {result.unchanged.length > 0 && (
        <>
          <p className="text-amber-200">Not changed:</p>
          <ul className="list-disc pl-5 text-slate-200">
            {result.unchanged.map((u) => (
              <li key={u.id}>
                {names.get(u.id) ?? u.id}: {u.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type Field =
  | 'boardSlug'
  | 'nickname'
  | 'phone'
  | 'amount'
  | 'teamSupport'
  | 'organization'
  | 'referralCode'
  | 'gameCode';
const empty: Record<Field, string> = {
  boardSlug: '',
  nickname: '',
  phone: '',
  amount: '',
  teamSupport: '',
  organization: '',
  referralCode: '',
  gameCode: '',
};
const newKey = () => crypto.randomUUID();
const missing = (v: Record<Field, string>) => !v.boardSlug || !v.nickname.trim();

/** Whether a board takes a support amount: none on a no-amount rule (a free-to-play board's is always that). */
const takesAmount = (rule: EntryRule | undefined) => rule?.kind !== 'no-amount';

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

/**
 * A board ("team") and a nickname are required; then, on a board that takes an amount, an amount that fits its
 * rule (the same check and message as a fan's own entry). Before the board's rule has loaded, the server checks it.
 */
const addEntryRules = (rule: EntryRule | undefined) =>
  formRules((v: Record<Field, string>) => {
    if (missing(v)) {
      return {
        boardSlug: v.boardSlug ? undefined : 'Choose a game board',
        nickname: v.nickname.trim() ? undefined : 'Nickname is required',
      };
    }
    const amount = parseDollars(v.amount);
    if (!amount.ok) return { amount: amount.message };
    return { amount: rule ? (amountProblem(rule, amount.cents) ?? undefined) : undefined };
  });

function AddEntryForm({ options, loading }: { options: Array<{ value: string; label: string }>; loading: boolean }) {
  const add = useAddEntry();
  const { toast } = useToast();
  const [slug, setSlug] = useState('');
  const amountRule = useQuery(boardAmountQuery(slug));
  const rule = slug ? amountRule.data?.entryRule : undefined;
  const rules = useMemo(() => addEntryRules(rule), [rule]);
  const form = useSchemaForm(rules, empty);
  const { values, errors } = form;
  const [message, setMessage] = useState<string | null>(null);
  // One key per submission: a double click or a retry of the same form makes one entry, not two.
  const key = useRef(newKey());
  const set = (field: Field, value: string) => {
    form.set(field, value);
    if (field === 'boardSlug') setSlug(value);
    key.current = newKey();
  };
  /** A field's value, its change (through `set`, so an edit starts a new submission) and its problem. */
  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(name, e.target.value),
    error: errors[name],
  });
  // A board that takes no amount (free to play, or phone and nickname only) shows no amount field.
  const withAmount = takesAmount(rule);

  // The phone is checked as it is typed, as on the fans' forms ('Please enter a valid phone number').
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
        <Input
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          maxLength={17}
          {...field('phone')}
          error={errors.phone ?? phoneProblem}
          autoComplete="off"
        />
        {withAmount && (
          <Input
            label="Support amount in dollars"
            inputMode="decimal"
            autoComplete="off"
            {...field('amount')}
            hint={amountHint(rule)}
          />
        )}
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
