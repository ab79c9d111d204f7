import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminBoardDetail, AdminBoardSummary } from '../../../../shared/contracts/admin';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { adminBoardQuery, adminBoardsQuery, useBoardState, useScoreBoard } from '../api';
import { AdminGate } from '../components/admin-gate';
import { ActionsHeader, AdminSection, formatWhen, TableBox, td, th, tr } from '../components/admin-ui';
import { CreateBoardForm } from '../components/create-board-form';

/**
 * /admin-boards (docs/product.md#admin-screens): every board with its state; create one; lock early, cancel, enter or correct
 * a period's scores and see who won. Each change is audited (see /admin-kpi).
 */
export function AdminBoardsPage() {
  return (
    <AdminGate title="Board operations">
      <Boards />
    </AdminGate>
  );
}

/** Inside the gate: nothing is asked of the admin API before the admin session exists. */
function Boards() {
  const boards = useQuery(adminBoardsQuery);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <AdminSection
        id="boards"
        title="Boards"
        actions={
          <Button
            variant={creating ? 'ghost' : 'primary'}
            onClick={() => setCreating((c) => !c)}
            aria-expanded={creating}
          >
            {creating ? 'Close the form' : 'Create a board'}
          </Button>
        }
      >
        {creating && boards.data && (
          <CreateBoardForm
            games={boards.data.games}
            onCreated={(slug) => {
              setCreating(false);
              setSelected(slug);
            }}
          />
        )}
        {boards.isError ? (
          <LoadFailed message="We couldn't load the boards." onRetry={() => void boards.refetch()} />
        ) : !boards.data ? (
          <Skeleton className="h-48" />
        ) : (
          <BoardsTable boards={boards.data.boards} onManage={setSelected} />
        )}
      </AdminSection>
      {selected && <BoardPanel slug={selected} onClose={() => setSelected(null)} />}
    </>
  );
}

function BoardsTable({ boards, onManage }: { boards: AdminBoardSummary[]; onManage: (slug: string) => void }) {
  if (boards.length === 0) return <p className="text-slate-300">No boards yet.</p>;
  return (
    <TableBox label="Boards" minWidth="min-w-[52rem]">
      <thead>
        <tr>
          <th className={th}>Board</th>
          <th className={th}>Starts</th>
          <th className={th}>Format</th>
          <th className={th}>Status</th>
          <th className={th}>Entries</th>
          <th className={th}>Payment</th>
          <ActionsHeader />
        </tr>
      </thead>
      <tbody>
        {boards.map((b) => (
          <tr key={b.slug} className={tr}>
            <td className={td}>
              {b.game.teamA} vs {b.game.teamB}
              <span className="block text-xs text-slate-400">
                {b.slug} · {b.game.league}
              </span>
            </td>
            <td className={`${td} whitespace-nowrap`}>{formatWhen(b.game.startsAt)}</td>
            <td className={td}>{b.format}</td>
            <td className={`${td} capitalize`}>{b.status}</td>
            <td className={td}>
              {b.entryCount}/{b.capacity}
            </td>
            <td className={td}>{b.paymentRequired ? 'Checkout' : 'Pledges'}</td>
            <td className={td}>
              <Button size="sm" variant="outline" onClick={() => onManage(b.slug)}>
                Manage<span className="sr-only"> {b.slug}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

function BoardPanel({ slug, onClose }: { slug: string; onClose: () => void }) {
  const query = useQuery(adminBoardQuery(slug));
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a board moves focus to its panel, so keyboard and screen reader users land on it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="board-panel"
      className="flex flex-col gap-4 rounded-2xl border border-brand-500/40 bg-ink-900 p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="board-panel" ref={heading} tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
          Manage {slug}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close<span className="sr-only"> board {slug}</span>
        </Button>
      </div>
      {query.isError ? (
        <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton className="h-40" />
      ) : (
        <BoardDetail detail={query.data} />
      )}
    </section>
  );
}

function BoardDetail({ detail }: { detail: AdminBoardDetail }) {
  const { board, prizeTable, results } = detail;
  const state = useBoardState();
  const { toast } = useToast();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const change = (action: 'lock' | 'cancel') =>
    state.mutate(
      { slug: board.slug, action },
      {
        onSuccess: (b) => {
          setConfirmCancel(false);
          toast({
            title: action === 'lock' ? 'Board locked' : 'Board cancelled',
            description: `${b.slug} is ${b.status}.`,
            variant: 'success',
          });
        },
        onError: (err) => {
          setConfirmCancel(false);
          toast({ title: 'Could not change the board', description: messageOf(err), variant: 'error' });
        },
      },
    );
  const canLock = board.status === 'scheduled' || board.status === 'open';
  const canCancel = board.status !== 'cancelled' && board.status !== 'settled';
  const canScore = board.status === 'locked' || board.status === 'settled';

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Game" value={`${board.game.teamA} vs ${board.game.teamB} (${board.game.league})`} />
        <Fact term="Starts" value={formatWhen(board.game.startsAt)} />
        <Fact term="Status" value={`${board.status[0]?.toUpperCase()}${board.status.slice(1)}`} />
        <Fact term="Entries" value={`${board.entryCount} of ${board.capacity} (${board.format})`} />
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`${paths.boards}/${board.slug}`} className="self-center font-semibold text-brand-300 underline">
          Open the public board
        </Link>
        {canLock && (
          <Button variant="secondary" disabled={state.isPending} onClick={() => change('lock')}>
            Lock now
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" disabled={state.isPending} onClick={() => setConfirmCancel(true)}>
            Cancel board
          </Button>
        )}
      </div>
      <Dialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={`Cancel ${board.slug}?`}
        description="No more entries, no winners. Fans see the board as cancelled. This cannot be undone."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
            Keep the board
          </Button>
          <Button variant="danger" disabled={state.isPending} onClick={() => change('cancel')}>
            Cancel the board
          </Button>
        </div>
      </Dialog>

      <section aria-labelledby="scores-heading" className="flex flex-col gap-3">
        <h3 id="scores-heading" className="text-lg font-bold text-white">
          Scores and winners
        </h3>
        {canScore ? (
          <ScoreForm board={board} prizeTable={prizeTable} results={results} />
        ) : (
          <p className="text-sm text-slate-300">
            {board.status === 'cancelled'
              ? 'A cancelled board has no winners.'
              : 'Scores are entered once the board is locked (at the game start, when full, or with Lock now).'}
          </p>
        )}
        <ResultsTable prizeTable={prizeTable} results={results} />
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{term}</dt>
      <dd className="mt-0.5 text-white">{value}</dd>
    </div>
  );
}

const scoreProblem = (score: string) =>
  /^\d{1,3}$/.test(score.trim()) ? undefined : 'Enter a whole number from 0 to 999';
/** Each team's score: a whole number from 0 to 999. */
const scoreRules = formRules((v: { period: string; a: string; b: string }) => ({
  a: scoreProblem(v.a),
  b: scoreProblem(v.b),
}));

function ScoreForm({
  board,
  prizeTable,
  results,
}: {
  board: AdminBoardSummary;
  prizeTable: AdminBoardDetail['prizeTable'];
  results: AdminBoardDetail['results'];
}) {
  const score = useScoreBoard();
  const { toast } = useToast();
  // The first period without a score, else the last one (to correct it).
  const next = prizeTable.find((p) => !results.some((r) => r.period === p.key)) ?? prizeTable.at(-1);
  const form = useSchemaForm(scoreRules, { period: next?.key ?? '', a: '', b: '' });
  const { period, a, b } = form.values;
  const scored = results.find((r) => r.period === period);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.clearErrors();
    if (!form.validate()) return;
    score.mutate(
      { slug: board.slug, period, teamAScore: Number(a), teamBScore: Number(b) },
      {
        onSuccess: (view) => {
          const r = view.results.find((x) => x.period === period);
          toast({
            title: scored ? 'Score corrected' : 'Score saved',
            description: r?.code
              ? `${r.label}: ${r.code} wins ${formatCents(r.prizeCents)}.`
              : `${r?.label ?? period}: the winning cell is empty, so its prize rolls over.`,
            variant: 'success',
          });
          const following = prizeTable.find((p) => !view.results.some((x) => x.period === p.key));
          form.reset({ period: following?.key ?? period, a: '', b: '' });
        },
        onError: (err) => toast({ title: 'Could not save the score', description: messageOf(err), variant: 'error' }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Enter a score" className="grid items-start gap-3 md:grid-cols-4">
      <Select
        label="Period"
        options={prizeTable.map((p) => ({
          value: p.key,
          label: `${p.label}${results.some((r) => r.period === p.key) ? ' (scored)' : ''}`,
        }))}
        value={period}
        onChange={(e) => form.set('period', e.target.value)}
        hint="Each team's number for it: points, runs or total hits, as the period says"
      />
      <Input
        label={`${board.game.teamA} score`}
        inputMode="numeric"
        maxLength={3}
        value={a}
        onChange={(e) => form.set('a', e.target.value)}
        error={form.errors.a}
      />
      <Input
        label={`${board.game.teamB} score`}
        inputMode="numeric"
        maxLength={3}
        value={b}
        onChange={(e) => form.set('b', e.target.value)}
        error={form.errors.b}
      />
      <Button type="submit" className="md:mt-6.5" disabled={score.isPending || !period}>
        {score.isPending ? 'Saving...' : scored ? 'Correct score' : 'Save score'}
      </Button>
      {scored && (
        <p className="text-sm text-amber-300 md:col-span-4">
          {scored.label} is scored {scored.teamAScore}–{scored.teamBScore}; saving again corrects it and recomputes the
          winners.
        </p>
      )}
    </form>
  );
}

function ResultsTable({
  prizeTable,
  results,
}: {
  prizeTable: AdminBoardDetail['prizeTable'];
  results: AdminBoardDetail['results'];
}) {
  return (
    <TableBox label="Winners by period" minWidth="min-w-[40rem]">
      <thead>
        <tr>
          <th className={th}>Period</th>
          <th className={th}>Score</th>
          <th className={th}>Winner</th>
          <th className={th}>Phone</th>
          <th className={`${th} text-right`}>Prize</th>
        </tr>
      </thead>
      <tbody>
        {prizeTable.map((p) => {
          const r = results.find((x) => x.period === p.key);
          return (
            <tr key={p.key} className={tr}>
              <td className={td}>{p.label}</td>
              <td className={td}>{r ? `${r.teamAScore}–${r.teamBScore}` : 'Not scored'}</td>
              <td className={td}>
                {!r ? (
                  '—'
                ) : r.winner ? (
                  <>
                    <span className="font-mono font-bold">{r.winner.code}</span> {r.winner.nickname}
                    <span className="block text-xs text-slate-400">Ticket {r.winner.ticketNumber}</span>
                  </>
                ) : (
                  'Empty cell: prize rolls over'
                )}
              </td>
              <td className={td}>{r?.winner?.phone ?? '—'}</td>
              <td className={`${td} text-right`}>{formatCents(r ? r.prizeCents : p.prizeCents)}</td>
            </tr>
          );
        })}
      </tbody>
    </TableBox>
  );
}
