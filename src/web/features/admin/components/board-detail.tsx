import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBoardDetail, AdminBoardSummary } from '../../../../shared/contracts/admin';
import { formatCents } from '../../../../shared/domain/money';
import { claimChoiceLabels, claimWindowInWords } from '../../../../shared/domain/prizes';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { LiveScore } from '../../boards';
import { type BoardAction, useBoardState, useConfirmResult, useSetScoring } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { ConfirmDialog, formatWhen, TableBox, TableHead, td, tr } from './admin-ui';
import { EndActionDialog, VoidBoardDialog } from './board-ends';
import { type Correction, ScoreForm } from './board-score-form';

/** What the organizer reads while the feed cannot be used for a board: nothing is scored from it. */
export const WAITING_FOR_OFFICIAL = 'Waiting for the official score';

/** The flag of a board whose latest feed read could not be used, with the feed's problem. */
export function FeedProblemFlag({ problem, compact = false }: { problem: string; compact?: boolean }) {
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

export function BoardDetail({ detail }: { detail: AdminBoardDetail }) {
  const { board, prizeTable, results, live } = detail;
  const state = useBoardState();
  const { can } = useBoardOpsApi();
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
  // Each action is offered only where the board's state and the person's role allow it.
  const canOpen = board.status === 'scheduled' && can('board:open');
  const canLock = (board.status === 'scheduled' || board.status === 'open') && can('board:lock');
  // Once a period is scored a board can no longer be cancelled, only voided (its scored prizes stand).
  const over = board.status === 'cancelled' || board.status === 'settled' || board.status === 'voided';
  const canCancel = !over && results.length === 0 && can('board:cancel');
  const canVoid = !over && results.length > 0 && can('board:cancel');
  const scorable = board.status === 'locked' || board.status === 'settled';
  const canScore = scorable && can('board:score');
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
        ) : scorable ? null : (
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
  const { can } = useBoardOpsApi();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const toManual = board.scoring === 'feed';
  if (!can('board:score')) return null;
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
  const mayConfirm = useBoardOpsApi().can('board:score');
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
                    {mayConfirm && r.source === 'feed' && !r.confirmedAt && (
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
