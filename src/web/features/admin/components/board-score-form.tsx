import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminBoardDetail, AdminBoardSummary } from '../../../../shared/contracts/admin';
import type { ScorePreview } from '../../../../shared/contracts/boards';
import { describeCell, scoreDigits } from '../../../../shared/domain/cells';
import { formatCents } from '../../../../shared/domain/money';
import {
  type ScoreSport,
  scoreMaximums,
  scoreMessages,
  scoreProblem,
  scoreSportOf,
} from '../../../../shared/domain/score-limits';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { useScoreBoard, useScorePreview } from '../api';

/** A period the organizer asked to correct; `asked` changes on each click so the same period can be asked again. */
export type Correction = { period: string; asked: number };

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

export function ScoreForm({
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
