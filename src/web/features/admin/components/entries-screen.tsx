import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminBoardSummary,
  type AdminEntry,
  type AdminMarkCollectedResult,
  adminMessages,
  MARK_COLLECTED_MAX,
} from '../../../../shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { adminBoardsQuery, useMarkCollectedMany } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { AddEntryForm } from './add-entry-form';
import { AdminSection, ExportLink } from './admin-ui';
import { EntriesTable, type EntrySelection, entryName } from './entries-table';
import { EntryActions, ReturnedAction } from './entry-actions';
import { EntryImport } from './entry-import';

/**
 * What /admin-entries shows inside the admin gate (pages/admin-entries-page.tsx says what it is for): nothing is asked of the
 * admin API before the admin session exists.
 */
export function EntriesScreen() {
  const [board, setBoard] = useState('');
  const api = useBoardOpsApi();
  const boards = useQuery(adminBoardsQuery(api));
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
  const collects = api.can('entry:collect');
  return (
    <>
      {api.can('entry:create') && (
        <>
          <AdminSection id="add-entry" title="Add an entry">
            <AddEntryForm options={addable} loading={boards.isPending} />
          </AdminSection>
          <AdminSection id="import-entries" title="Import entries from a CSV file">
            <EntryImport options={addable} loading={boards.isPending} />
          </AdminSection>
        </>
      )}
      <AdminSection
        id="entries"
        title="Entries"
        actions={
          // The platform admin's export is on the KPI screen; an organization's is its own entries'.
          api.organization &&
          api.can('export:read') && <ExportLink href={api.paths.entriesCsv}>Download CSV</ExportLink>
        }
      >
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
        {collects && <CollectMany ticked={ticked} onDone={() => setTicked(new Map())} />}
        <EntriesTable
          board={board}
          label="Entry list"
          compact
          selection={collects ? selection : undefined}
          actions={collects || api.can('entry:delete') ? (entry) => <EntryActions entry={entry} /> : undefined}
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
          actions={collects ? (entry) => <ReturnedAction entry={entry} /> : undefined}
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
