import { useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminBoardDetail, AdminBoardSummary } from '../../../../shared/contracts/admin';
import type { ScorePreview } from '../../../../shared/contracts/boards';
import { describeCell, scoreDigits } from '../../../../shared/domain/cells';
import { formatCents } from '../../../../shared/domain/money';
import { claimChoiceLabels, claimWindowInWords } from '../../../../shared/domain/prizes';
import {
  type ScoreSport,
  scoreMaximums,
  scoreMessages,
  scoreProblem,
  scoreSportOf,
} from '../../../../shared/domain/score-limits';
import { paths } from '../../../app/paths';
import { LoadFailed, Skeleton } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { LiveScore } from '../../boards';
import {
  adminBoardQuery,
  adminBoardsQuery,
  type BoardAction,
  useBoardState,
  useConfirmResult,
  useScoreBoard,
  useScorePreview,
  useSetScoring,
} from '../api';
import { AdminSection, ConfirmDialog, formatWhen, TableBox, TableHead, td, tr } from './admin-ui';
import { EndActionDialog, VoidBoardDialog } from './board-ends';
import { CreateBoardForm } from './create-board-form';
import { Payouts } from './payouts';

/**
 * What /admin-boards shows inside the admin gate (pages/admin-boards-page.tsx says what it is for): nothing is asked of the
 * admin API before the admin session exists.
 */
export function BoardsScreen() {
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
          // A screen's height: the list of every board usually runs past it, so the payouts below stay put.
          <Skeleton className="h-dvh" />
        ) : (
          <BoardsTable boards={boards.data.boards} selected={selected} onManage={setSelected} />
        )}
      </AdminSection>
      {/* A board not (yet) in the list, just created say, has its panel under the list. */}
      {selected && !boards.data?.boards.some((b) => b.slug === selected) && (
        <BoardPanel key={selected} slug={selected} onClose={() => setSelected(null)} />
      )}
      <Payouts />
    </>
  );
}

/** The id of a board's Manage button: closing its panel puts focus back on it. */
const manageId = (slug: string) => `manage-${slug}`;

/** What the organizer reads while the feed cannot be used for a board: nothing is scored from it. */
export const WAITING_FOR_OFFICIAL = 'Waiting for the official score';

/** The flag of a board whose latest feed read could not be used, with the feed's problem. */
function FeedProblemFlag({ problem, compact = false }: { problem: string; compact?: boolean }) {
  return (
    <span
      data-testid="feed-problem"
      className={`block rounded-md border border-amber-400/60 bg-amber-950/60 text-amber-200 ${compact ? 'mt-1 px-2 py-1 text-xs' : 'px-3 py-2 text-sm'}`}
    >
      <span className="font-semibold">{WAITING_FOR_OFFICIAL}</span>
      <span className="block">{problem}</span>
    </span>
  );
}

const boardColumns = ['Board', 'Starts', 'Format', 'Status', 'Entries', 'Payment'] as const;

/**
 * Every board, one row each; the board being managed has its panel in a row right under its own. On a narrow
 * screen the table scrolls sideways in its box while the panel stays in view at the box's width.
 */
function BoardsTable({
  boards,
  selected,
  onManage,
}: {
  boards: AdminBoardSummary[];
  selected: string | null;
  onManage: (slug: string | null) => void;
}) {
  if (boards.length === 0) return <p className="text-slate-300">No boards yet.</p>;
  const close = (slug: string) => {
    onManage(null);
    // Back to the button that opened the panel, so keyboard users carry on from the row they were on.
    requestAnimationFrame(() => document.getElementById(manageId(slug))?.focus());
  };
  return (
    <TableBox label="Boards" minWidth="min-w-[52rem]" container>
      <TableHead columns={boardColumns} actions />
      <tbody>
        {boards.map((b) => (
          <Fragment key={b.slug}>
            <tr className={tr}>
              <td className={td}>
                {b.game.teamA} vs {b.game.teamB}
                <span className="block text-xs text-slate-400">
                  {b.slug} · {b.game.league}
                </span>
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(b.game.startsAt)}</td>
              <td className={td}>{b.format}</td>
              <td className={td}>
                <span className="capitalize">{b.status}</span>
                <span className="block text-xs text-slate-400">{b.scoring === 'feed' ? 'Feed' : 'Manual'} scoring</span>
                {b.feedProblem && <FeedProblemFlag problem={b.feedProblem} compact />}
              </td>
              <td className={td}>
                {b.entryCount}/{b.capacity}
              </td>
              <td className={td}>{b.paymentRequired ? 'Checkout' : 'Pledges'}</td>
              <td className={td}>
                <Button id={manageId(b.slug)} size="sm" variant="outline" onClick={() => onManage(b.slug)}>
                  Manage<span className="sr-only"> {b.slug}</span>
                </Button>
              </td>
            </tr>
            {selected === b.slug && (
              <tr className={tr}>
                <td colSpan={boardColumns.length + 1} className="p-0">
                  {/* As wide as the box shows and held at its left edge while the rows scroll sideways. */}
                  <div className="sticky left-0 w-[100cqw] p-2 sm:p-3">
                    <BoardPanel key={b.slug} slug={b.slug} onClose={() => close(b.slug)} />
                  </div>
                </td>
              </tr>
            )}
          </Fragment>
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
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-brand-500/40 bg-ink-900 p-3 sm:p-5"
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
        <QueryFailed query={query} />
      ) : !query.data ? (
        <Skeleton className="h-40" />
      ) : (
        <BoardDetail detail={query.data} />
      )}
      <Payouts board={slug} headingLevel={3} />
    </section>
  );
}

/** How a board is scored, as its panel says it. */
const scoringText: Record<AdminBoardSummary['scoring'], string> = {
  feed: 'Feed: locks, scores and settles from the live scores feed',
  manual: 'Manual: scores entered here',
};
/** Who gave a period's score, as the winners table says it. */
const sourceText: Record<AdminBoardDetail['results'][number]['source'], string> = {
  feed: 'Feed',
  organizer: 'Organizer',
};

/** A period the organizer asked to correct; `asked` changes on each click so the same period can be asked again. */
type Correction = { period: string; asked: number };

/** The confirm step of Open now (Lock now and Cancel board say their figures: board-ends.tsx). */
function openText(board: AdminBoardSummary) {
  return {
    title: `Open ${board.slug} now?`,
    description: `Fans can enter at once: squares can then be sold until the game starts (${formatWhen(board.game.startsAt)}), when the board locks. It cannot be made scheduled again.`,
    keep: 'Keep it scheduled',
    confirm: 'Open the board',
    busy: 'Opening...',
  };
}

/** The toast after a board action, named by what the board is now (locking an empty board cancels it). */
const doneTitle: Record<AdminBoardSummary['status'], string> = {
  scheduled: 'Board scheduled',
  open: 'Board open',
  locked: 'Board locked',
  settled: 'Board settled',
  cancelled: 'Board cancelled',
  voided: 'Board voided',
};

function BoardDetail({ detail }: { detail: AdminBoardDetail }) {
  const { board, prizeTable, results, live } = detail;
  const state = useBoardState();
  const { toast } = useToast();
  // The action waiting for its confirm step: none of them is taken on one click.
  const [asking, setAsking] = useState<BoardAction | 'void' | null>(null);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const change = (action: BoardAction) =>
    state.mutate(
      { slug: board.slug, action },
      {
        onSuccess: (b) => {
          setAsking(null);
          toast({ title: doneTitle[b.status], description: `${b.slug} is ${b.status}.`, variant: 'success' });
        },
        onError: (err) => {
          setAsking(null);
          toast({ title: 'Could not change the board', description: messageOf(err), variant: 'error' });
        },
      },
    );
  const canOpen = board.status === 'scheduled';
  const canLock = board.status === 'scheduled' || board.status === 'open';
  // Once a period is scored a board can no longer be cancelled, only voided (its scored prizes stand).
  const over = board.status === 'cancelled' || board.status === 'settled' || board.status === 'voided';
  const canCancel = !over && results.length === 0;
  const canVoid = !over && results.length > 0;
  const canScore = board.status === 'locked' || board.status === 'settled';
  const text = openText(board);

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Game" value={`${board.game.teamA} vs ${board.game.teamB} (${board.game.league})`} />
        <Fact term="Starts" value={formatWhen(board.game.startsAt)} />
        <Fact term="Status" value={`${board.status[0]?.toUpperCase()}${board.status.slice(1)}`} />
        <Fact term="Entries" value={`${board.entryCount} of ${board.capacity} (${board.format})`} />
        <Fact term="Scoring" value={scoringText[board.scoring]} />
        <Fact term="Claim window" value={claimWindowInWords(board.claimWindowDays)} />
        <Fact term="Payouts" value={board.payoutMethods.map((m) => claimChoiceLabels[m]).join(', ')} />
      </dl>
      <LiveScore board={{ scoring: board.scoring, status: board.status, live, game: board.game }} />
      {board.feedProblem && <FeedProblemFlag problem={board.feedProblem} />}
      <div className="flex flex-wrap gap-2">
        <Link to={`${paths.boards}/${board.slug}`} className="self-center font-semibold text-brand-300 underline">
          Open the public board
        </Link>
        {canOpen && (
          <Button disabled={state.isPending} onClick={() => setAsking('open')}>
            Open now
          </Button>
        )}
        {canLock && (
          <Button variant="secondary" disabled={state.isPending} onClick={() => setAsking('lock')}>
            Lock now
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" disabled={state.isPending} onClick={() => setAsking('cancel')}>
            Cancel board
          </Button>
        )}
        {canVoid && (
          <Button variant="danger" onClick={() => setAsking('void')}>
            Void board
          </Button>
        )}
        <ScoringSwitch board={board} />
      </div>
      <ConfirmDialog
        open={asking === 'open'}
        onClose={() => setAsking(null)}
        title={text.title}
        description={text.description}
        keepLabel={text.keep}
        confirmLabel={text.confirm}
        busyLabel={text.busy}
        pending={state.isPending}
        onConfirm={() => change('open')}
      />
      {(['lock', 'cancel'] as const).map((action) => (
        <EndActionDialog
          key={action}
          action={action}
          board={board}
          open={asking === action}
          pending={state.isPending}
          onClose={() => setAsking(null)}
          onConfirm={() => change(action)}
        />
      ))}
      <VoidBoardDialog board={board} open={asking === 'void'} onClose={() => setAsking(null)} />

      <section aria-labelledby={`scores-${board.slug}`} className="flex min-w-0 flex-col gap-3">
        <h3 id={`scores-${board.slug}`} className="text-lg font-bold text-white">
          Scores and winners
        </h3>
        {canScore ? (
          <ScoreForm board={board} prizeTable={prizeTable} results={results} correction={correction} />
        ) : (
          <p className="text-sm text-slate-300">
            {board.status === 'cancelled'
              ? 'A cancelled board has no winners.'
              : board.status === 'voided'
                ? 'A voided board awards nothing more: the prizes of its scored periods stand.'
                : 'Scores are entered once the board is locked (at the game start, when full, or with Lock now).'}
          </p>
        )}
        <ResultsTable
          board={board}
          prizeTable={prizeTable}
          results={results}
          onCorrect={canScore ? (period) => setCorrection((c) => ({ period, asked: (c?.asked ?? 0) + 1 })) : undefined}
        />
      </section>
    </div>
  );
}

/**
 * Switch a board between the feed and the organizer's hand, after a confirm step. Manual scoring makes the
 * feed leave the board alone; going back to the feed is offered only for a game of the scores feed.
 */
function ScoringSwitch({ board }: { board: AdminBoardSummary }) {
  const scoring = useSetScoring();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const toManual = board.scoring === 'feed';
  if (board.status === 'cancelled' || board.status === 'settled' || board.status === 'voided') return null;
  if (!board.feedGame) return null;
  const label = toManual ? 'Switch to manual scoring' : 'Switch back to feed scoring';
  const apply = () =>
    scoring.mutate(
      { slug: board.slug, scoring: toManual ? 'manual' : 'feed' },
      {
        onSuccess: (b) => {
          setAsking(false);
          toast({
            title: b.scoring === 'manual' ? 'Manual scoring' : 'Feed scoring',
            description:
              b.scoring === 'manual'
                ? `${b.slug} is scored by hand; the feed leaves it alone.`
                : `${b.slug} is scored from the live feed again.`,
            variant: 'success',
          });
        },
        onError: (err) => {
          setAsking(false);
          toast({ title: 'Could not change the scoring', description: messageOf(err), variant: 'error' });
        },
      },
    );
  return (
    <>
      <Button variant="outline" disabled={scoring.isPending} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`${label}?`}
        description={
          toManual
            ? 'The feed stops locking, scoring and settling this board; you enter every remaining score here. Scores already recorded stay.'
            : 'The feed locks, scores and settles this board again. Periods you scored, corrected or confirmed keep your score.'
        }
        keepLabel={`Keep ${toManual ? 'feed' : 'manual'} scoring`}
        confirmLabel={label}
        pending={scoring.isPending}
        onConfirm={apply}
      />
    </>
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

/** A typed score's problem for the board's sport: a whole number from 0 to the sport's maximum, nothing else. */
function typedScoreProblem(text: string, sport: ScoreSport): string | undefined {
  const typed = text.trim();
  if (typed === '') return scoreMessages.range(scoreMaximums[sport]);
  // Digits, maybe a sign and decimals: read as a number and held to the range; anything else is not a number.
  if (!/^-?\d+(\.\d+)?$/.test(typed)) return scoreMessages.whole;
  return scoreProblem(Number(typed), sport) ?? undefined;
}

type ScoreValues = { period: string; a: string; b: string };

/** The score form's rules: each team's score checked as it is typed (7000 is named as too high, never cut). */
const scoreRulesFor = (sport: ScoreSport) =>
  formRules((v: ScoreValues) => ({ a: typedScoreProblem(v.a, sport), b: typedScoreProblem(v.b, sport) }));

/** The form's values for a period: its recorded score when it has one (to correct it), else empty. */
function valuesFor(period: string, results: ReadonlyArray<{ period: string; teamAScore: number; teamBScore: number }>) {
  const r = results.find((x) => x.period === period);
  return { period, a: r ? String(r.teamAScore) : '', b: r ? String(r.teamBScore) : '' };
}

/** A score checked by the preview and waiting for the organizer's Save or Back. */
type Pending = { input: { period: string; teamAScore: number; teamBScore: number }; preview: ScorePreview };

function ScoreForm({
  board,
  prizeTable,
  results,
  correction,
}: {
  board: AdminBoardSummary;
  prizeTable: AdminBoardDetail['prizeTable'];
  results: AdminBoardDetail['results'];
  /** A period the organizer chose to correct: the form takes it with its recorded score. */
  correction: Correction | null;
}) {
  const score = useScoreBoard();
  const preview = useScorePreview();
  const { toast } = useToast();
  const sport = scoreSportOf({ league: board.game.league, prizeKeys: prizeTable.map((p) => p.key) });
  const max = scoreMaximums[sport];
  const rules = useMemo(() => scoreRulesFor(sport), [sport]);
  // The first period without a score, else the last one (to correct it).
  const next = prizeTable.find((p) => !results.some((r) => r.period === p.key)) ?? prizeTable.at(-1);
  const form = useSchemaForm(rules, valuesFor(next?.key ?? '', results), { live: true });
  const { period, a, b } = form.values;
  const scored = results.find((r) => r.period === period);
  const label = prizeTable.find((p) => p.key === period)?.label ?? period;
  const [pending, setPending] = useState<Pending | null>(null);
  const first = useRef<HTMLInputElement>(null);
  // 'Correct' on a period fills the form with its recorded score and puts the cursor on it. The form and the
  // results are read when the organizer asks, not on every re-read of the board, so typing is never overwritten.
  const latest = useRef({ form, results });
  latest.current = { form, results };
  useEffect(() => {
    if (!correction) return;
    latest.current.form.reset(valuesFor(correction.period, latest.current.results));
    first.current?.focus();
  }, [correction]);

  // Nothing is saved on submit: the preview shows the old and the new winner first.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.clearErrors();
    if (!form.validate()) return;
    const input = { period, teamAScore: Number(a), teamBScore: Number(b) };
    preview.mutate(
      { slug: board.slug, ...input },
      {
        onSuccess: (answer) => setPending({ input, preview: answer }),
        onError: (err) => {
          if (err instanceof ApiClientError && err.fields && (err.fields.teamAScore || err.fields.teamBScore)) {
            form.fail({ a: err.fields.teamAScore, b: err.fields.teamBScore });
            return;
          }
          toast({ title: 'Could not check the score', description: messageOf(err), variant: 'error' });
        },
      },
    );
  };

  const save = (input: Pending['input']) =>
    score.mutate(
      { slug: board.slug, ...input },
      {
        onSuccess: (view) => {
          setPending(null);
          const r = view.results.find((x) => x.period === input.period);
          const corrected = results.some((x) => x.period === input.period);
          toast({
            title: corrected ? 'Score corrected' : 'Score saved',
            description: r?.code
              ? `${r.label}: ${r.code} wins ${formatCents(r.prizeCents)}.`
              : `${r?.label ?? input.period}: the winning cell is empty, so its prize rolls over.`,
            variant: 'success',
          });
          const following = prizeTable.find((p) => !view.results.some((x) => x.period === p.key));
          form.reset(valuesFor(following?.key ?? input.period, view.results));
        },
        onError: (err) => {
          setPending(null);
          toast({ title: 'Could not save the score', description: messageOf(err), variant: 'error' });
        },
      },
    );

  const busy = preview.isPending || score.isPending;
  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Enter a score" className="grid items-start gap-3 md:grid-cols-4">
        <Select
          label="Period"
          options={prizeTable.map((p) => ({
            value: p.key,
            label: `${p.label}${results.some((r) => r.period === p.key) ? ' (scored)' : ''}`,
          }))}
          value={period}
          // A scored period comes with its recorded score, to correct it.
          onChange={(e) => form.reset(valuesFor(e.target.value, results))}
          hint="Each team's number for it: points, runs or total hits, as the period says"
        />
        <Input
          ref={first}
          label={`${board.game.teamA} score`}
          inputMode="numeric"
          autoComplete="off"
          hint={`A whole number from 0 to ${max}`}
          {...form.field('a')}
        />
        <Input
          label={`${board.game.teamB} score`}
          inputMode="numeric"
          autoComplete="off"
          hint={`A whole number from 0 to ${max}`}
          {...form.field('b')}
        />
        <Button type="submit" className="md:mt-6.5" disabled={busy || !period}>
          {preview.isPending ? 'Checking...' : scored ? 'Correct score' : 'Save score'}
        </Button>
        {scored && (
          <p className="text-sm text-amber-300 md:col-span-4">
            {scored.label} is scored {scored.teamAScore}–{scored.teamBScore}; saving again corrects it and recomputes
            the winners. You see the old and the new winner before anything is saved.
          </p>
        )}
      </form>
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.preview.current ? `Correct ${label}?` : `Save ${label}?`}
        description={
          pending?.preview.current
            ? 'The winner is recomputed from the new score. Check it before saving.'
            : 'Check the winner before saving.'
        }
        size="wide"
      >
        {pending && (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <PreviewSide heading="Now" board={board} side={pending.preview.current} />
              <PreviewSide heading="After saving" board={board} side={pending.preview.next} />
            </div>
            <p className="text-sm font-semibold text-slate-200">{winnerChange(pending.preview)}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setPending(null)}>
                Back
              </Button>
              <Button disabled={score.isPending} onClick={() => save(pending.input)}>
                {score.isPending ? 'Saving...' : pending.preview.current ? 'Save correction' : 'Save score'}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

/** Who holds a side's winning cell, in words: its code, or an empty cell whose prize rolls over. */
const holderOf = (side: ScorePreview['next']) => side.winnerCode ?? 'Empty cell';

/** One sentence on what saving changes for the winner. */
function winnerChange(preview: ScorePreview): string {
  const { current, next } = preview;
  if (!current) {
    return next.winnerCode
      ? `${next.winnerCode} wins this period.`
      : 'Nobody holds the winning cell: its prize rolls over.';
  }
  if (current.cell === next.cell) return `The winner stays ${holderOf(next)}: the winning cell does not change.`;
  return `The winner changes from ${holderOf(current)} to ${holderOf(next)}.`;
}

/** One side of the preview: the period's two scores and who holds the winning cell (code and cell). */
function PreviewSide({
  heading,
  board,
  side,
}: {
  heading: string;
  board: AdminBoardSummary;
  side: ScorePreview['current'];
}) {
  return (
    <section
      aria-label={heading}
      data-testid={heading === 'Now' ? 'preview-now' : 'preview-next'}
      className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900 p-4"
    >
      <h3 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">{heading}</h3>
      {side ? (
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-400">Score</dt>
          <dd className="text-white">
            {board.game.teamA} {side.teamA}–{side.teamB} {board.game.teamB}
          </dd>
          <dt className="text-slate-400">Winner</dt>
          <dd className="font-mono text-lg font-bold text-white">{side.winnerCode ?? 'Empty cell'}</dd>
          <dt className="text-slate-400">Cell</dt>
          <dd className="text-white">
            {describeCell(board.game, side.cell, scoreDigits(side.teamA, side.teamB))}
            {!side.winnerCode && <span className="block text-xs text-slate-400">Its prize rolls over</span>}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-300">Not scored yet: no winner.</p>
      )}
    </section>
  );
}

function ResultsTable({
  board,
  prizeTable,
  results,
  onCorrect,
}: {
  board: AdminBoardSummary;
  prizeTable: AdminBoardDetail['prizeTable'];
  results: AdminBoardDetail['results'];
  /** Opens the score form on a period to correct it (only while scores can be entered). */
  onCorrect: ((period: string) => void) | undefined;
}) {
  const confirm = useConfirmResult();
  const { toast } = useToast();
  const confirmPeriod = (period: string, label: string) =>
    confirm.mutate(
      { slug: board.slug, period },
      {
        onSuccess: () =>
          toast({
            title: 'Score confirmed',
            description: `${label}: the feed no longer changes this score.`,
            variant: 'success',
          }),
        onError: (err) =>
          toast({ title: 'Could not confirm the score', description: messageOf(err), variant: 'error' }),
      },
    );
  return (
    <TableBox label="Winners by period" minWidth="min-w-[52rem]">
      <TableHead columns={['Period', 'Score', 'Source', 'Winner', 'Phone', { label: 'Prize', right: true }]} actions />
      <tbody>
        {prizeTable.map((p) => {
          const r = results.find((x) => x.period === p.key);
          return (
            <tr key={p.key} className={tr} data-period={p.key}>
              <td className={td}>{p.label}</td>
              <td className={td}>
                {r ? `${r.teamAScore}–${r.teamBScore}` : 'Not scored'}
                {r?.correctedAt && (
                  <span className="block text-xs text-amber-300">Corrected {formatWhen(r.correctedAt)}</span>
                )}
              </td>
              <td className={td} data-testid="result-source">
                {r ? sourceText[r.source] : '—'}
                {r?.confirmedAt && (
                  <span className="block text-xs text-emerald-300">Confirmed {formatWhen(r.confirmedAt)}</span>
                )}
              </td>
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
              <td className={td}>
                {r && (
                  <div className="flex flex-wrap gap-2">
                    {r.source === 'feed' && !r.confirmedAt && (
                      <Button size="sm" disabled={confirm.isPending} onClick={() => confirmPeriod(r.period, r.label)}>
                        Confirm<span className="sr-only"> {r.label}</span>
                      </Button>
                    )}
                    {onCorrect && (
                      <Button size="sm" variant="outline" onClick={() => onCorrect(r.period)}>
                        Correct<span className="sr-only"> {r.label}</span>
                      </Button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableBox>
  );
}
