import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type AdminBoardSummary, type AdminEntry, adminMessages } from '../../../../shared/contracts/admin';
import { NICKNAME_MAX } from '../../../../shared/domain/boards';
import { formatCents, parseDollars } from '../../../../shared/domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { adminBoardsQuery, useAddEntry, useDeleteEntry, useMarkPaid } from '../api';
import { AdminGate } from '../components/admin-gate';
import { AdminSection, FormFooter } from '../components/admin-ui';
import { EntriesTable } from '../components/entries-table';

/**
 * /admin-entries (docs/product.md#admin-screens): add an entry for a fan on an open board (random free cells, like a fan's
 * own), delete one before its board locks (its cells are free again), mark a pledge collected.
 */
export function AdminEntriesPage() {
  return (
    <AdminGate title="Entry manager">
      <EntryManager />
    </AdminGate>
  );
}

/** Inside the gate: nothing is asked of the admin API before the admin session exists. */
function EntryManager() {
  const [board, setBoard] = useState('');
  const boards = useQuery(adminBoardsQuery);
  const list = boards.data?.boards ?? [];
  const option = (b: AdminBoardSummary) => ({
    value: b.slug,
    label: `${b.game.teamA} vs ${b.game.teamB} · ${b.slug} (${b.status}, ${b.entryCount}/${b.capacity})`,
  });
  // Entries can be added until a board locks; the list below shows every board's.
  const addable = list.filter((b) => b.status === 'open' || b.status === 'scheduled').map(option);
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
            onChange={(e) => setBoard(e.target.value)}
          />
        </div>
        <EntriesTable board={board} label="Entry list" actions={(entry) => <EntryActions entry={entry} />} />
      </AdminSection>
    </>
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

/** A board ("team") and a nickname are required, then an amount in dollars if one is typed. */
const addEntryRules = formRules((v: Record<Field, string>) => {
  if (missing(v)) {
    return {
      boardSlug: v.boardSlug ? undefined : 'Choose a game board',
      nickname: v.nickname.trim() ? undefined : 'Nickname is required',
    };
  }
  const amount = parseDollars(v.amount);
  return { amount: amount.ok ? undefined : amount.message };
});

function AddEntryForm({ options, loading }: { options: Array<{ value: string; label: string }>; loading: boolean }) {
  const add = useAddEntry();
  const { toast } = useToast();
  const form = useSchemaForm(addEntryRules, empty);
  const { values, errors } = form;
  const [message, setMessage] = useState<string | null>(null);
  // One key per submission: a double click or a retry of the same form makes one entry, not two.
  const key = useRef(newKey());
  const set = (field: Field, value: string) => {
    form.set(field, value);
    key.current = newKey();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
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
        amountCents: amount.cents,
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
          value={values.boardSlug}
          onChange={(e) => set('boardSlug', e.target.value)}
          error={errors.boardSlug}
        />
        <Input
          label="Nickname"
          maxLength={NICKNAME_MAX}
          value={values.nickname}
          onChange={(e) => set('nickname', e.target.value)}
          error={errors.nickname}
          hint={`At most ${NICKNAME_MAX} characters`}
          autoComplete="off"
        />
        <Input
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          maxLength={17}
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
          autoComplete="off"
        />
        <Input
          label="Support amount in dollars (optional)"
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={errors.amount}
          hint="Must fit the board's amount rule"
        />
        <Input
          label="Team support (optional)"
          maxLength={100}
          value={values.teamSupport}
          onChange={(e) => set('teamSupport', e.target.value)}
          error={errors.teamSupport}
        />
        <Input
          label="Organization (optional)"
          maxLength={100}
          value={values.organization}
          onChange={(e) => set('organization', e.target.value)}
          error={errors.organization}
          hint="The board's organization when empty"
        />
        <Input
          label="Referral code (optional)"
          maxLength={100}
          value={values.referralCode}
          onChange={(e) => set('referralCode', e.target.value)}
          error={errors.referralCode}
        />
        <Input
          label="Game code (optional)"
          maxLength={100}
          value={values.gameCode}
          onChange={(e) => set('gameCode', e.target.value)}
          error={errors.gameCode}
        />
      </div>
      <FormFooter message={message} pending={add.isPending} label="Add Entry" busyLabel="Adding..." />
    </form>
  );
}

function EntryActions({ entry }: { entry: AdminEntry }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEntry();
  const markPaid = useMarkPaid();
  const { toast } = useToast();
  const who = `${entry.nickname} (${entry.code})`;
  return (
    <div className="flex gap-2">
      {entry.paymentState === 'pledged' && (
        <Button
          size="sm"
          variant="outline"
          disabled={markPaid.isPending}
          onClick={() =>
            markPaid.mutate(entry.id, {
              onSuccess: () =>
                toast({
                  title: 'Pledge marked collected',
                  description: `${formatCents(entry.totalCents)} from ${who}.`,
                  variant: 'success',
                }),
              onError: (err) =>
                toast({ title: 'Could not mark it collected', description: messageOf(err), variant: 'error' }),
            })
          }
        >
          Mark collected<span className="sr-only"> for {who}</span>
        </Button>
      )}
      {entry.deletable && (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
          Delete<span className="sr-only"> entry {who}</span>
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this entry?"
        description={`${who} on ${entry.boardSlug}. Its ${entry.cells.length === 1 ? 'cell is' : 'cells are'} free again at once.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(entry.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: adminMessages.entryDeleted, variant: 'success' });
                },
                onError: (err) => {
                  setConfirming(false);
                  toast({ title: 'Could not delete the entry', description: messageOf(err), variant: 'error' });
                },
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete entry'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
