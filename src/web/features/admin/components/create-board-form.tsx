import { type FormEvent, useMemo, useState } from 'react';
import { type AdminBoardSummary, type CreateBoardInput, createBoardSchema } from '../../../../shared/contracts/admin';
import { prizePeriods, slugify, wholeRangeRule } from '../../../../shared/domain/admin';
import { baseballPrizes } from '../../../../shared/domain/baseball';
import { type EntryRule, entryRuleProblem, entryRules, nbaFinalsPrizes } from '../../../../shared/domain/boards';
import { parseDollars } from '../../../../shared/domain/money';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { type FormSchema, messageOf, useSchemaForm } from '../../../lib/form';
import { fieldsOf } from '../../../lib/local-errors';
import { useCreateBoard } from '../api';
import { FormFooter } from './admin-ui';

type Game = AdminBoardSummary['game'];
interface PrizeRow {
  /** Kept from a template (scoring and the rules text read template keys); typed rows get one from the label. */
  key?: string;
  label: string;
  amount: string;
}

const templates = {
  basketball: { label: 'Basketball: quarters and final', periods: nbaFinalsPrizes },
  baseball: { label: 'Baseball: 5th and 9th innings, runs and hits', periods: baseballPrizes },
  custom: { label: 'Custom periods', periods: [{ key: '', label: 'Final score', prizeCents: 10000 }] },
} as const;
type Template = keyof typeof templates;
const rowsOf = (t: Template): PrizeRow[] =>
  templates[t].periods.map((p) => ({
    ...(p.key ? { key: p.key } : {}),
    label: p.label,
    amount: String(p.prizeCents / 100),
  }));

const ruleOptions = [
  { value: 'presets', label: 'Presets $1, $5, $10, $20 or a custom amount' },
  { value: 'range', label: 'Whole dollars in a range' },
  { value: 'none', label: 'No amount (phone and nickname only)' },
];

const gameLabel = (g: Game) =>
  `${g.teamA} vs ${g.teamB} · ${new Date(g.startsAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`;

const checkboxClass = 'size-5 rounded border-ink-600 bg-ink-950 accent-brand-500';

interface BoardFormValues {
  gameMode: 'existing' | 'new';
  gameId: string;
  league: string;
  teamA: string;
  teamB: string;
  startsAt: string;
  venue: string;
  slug: string;
  format: string;
  rule: string;
  minDollars: string;
  maxDollars: string;
  organization: string;
  template: Template;
  rows: PrizeRow[];
  paid: boolean;
}

/** The board's address: as typed, else suggested from the teams. */
function slugOf(v: BoardFormValues, games: Game[]) {
  const chosenGame = games.find((g) => g.id === v.gameId);
  const suggested = slugify(
    v.gameMode === 'existing' ? (chosenGame ? `${chosenGame.teamA}-${chosenGame.teamB}` : '') : `${v.teamA}-${v.teamB}`,
  );
  return v.slug || suggested;
}

const entryRule = (v: BoardFormValues): EntryRule | string => {
  if (v.rule === 'none') return entryRules.noAmount;
  if (v.rule === 'presets') return { ...entryRules.presets, presetsCents: [...entryRules.presets.presetsCents] };
  const min = parseDollars(v.minDollars);
  const max = parseDollars(v.maxDollars);
  if (!min.ok || !max.ok || min.cents === null || max.cents === null) return 'Enter the lowest and highest amounts';
  // The server checks the rule with this same function (through the create-board contract).
  const rule = wholeRangeRule(min.cents, max.cents);
  return entryRuleProblem(rule) ?? rule;
};

/**
 * The create-board contract over the form's values: the request is built from them (dollars to cents, the
 * local start time to ISO) and parsed with the endpoint's schema; the form's own checks (amounts typed as
 * dollars, a game chosen) add their problems by the request's paths.
 */
function boardFormSchema(games: Game[]): FormSchema<CreateBoardInput> {
  return {
    safeParse(values) {
      const v = values as BoardFormValues;
      const problems: Record<string, string> = {};
      const rule = entryRule(v);
      if (typeof rule === 'string') problems.entryRule = rule;
      const prizeRows = v.rows.map((r, i) => {
        const amount = parseDollars(r.amount);
        if (!amount.ok || amount.cents === null) problems[`prizeTable.${i}.prizeCents`] = 'Enter the prize in dollars';
        return { key: r.key, label: r.label, prizeCents: amount.ok ? (amount.cents ?? 0) : 0 };
      });
      const startsAt = v.startsAt ? new Date(v.startsAt) : null;
      const input = {
        slug: slugOf(v, games),
        ...(v.gameMode === 'existing'
          ? { gameId: v.gameId || undefined }
          : {
              game: {
                league: v.league,
                teamA: v.teamA,
                teamB: v.teamB,
                startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : '',
                venue: v.venue,
              },
            }),
        format: v.format,
        entryRule: typeof rule === 'string' ? entryRules.noAmount : rule,
        prizeTable: prizePeriods(prizeRows),
        organization: v.organization,
        paymentRequired: v.paid,
      };
      const parsed = createBoardSchema.safeParse(input);
      const fields = { ...(parsed.success ? {} : fieldsOf(parsed.error)), ...problems };
      if (v.gameMode === 'existing' && !v.gameId) fields.gameId = 'Choose a game from the list';
      if (parsed.success && Object.keys(fields).length === 0) return { success: true, data: parsed.data };
      return {
        success: false,
        error: { issues: Object.entries(fields).map(([path, message]) => ({ path: [path], message })) },
      };
    },
  };
}

/**
 * Create a board: on a game already on record or a new one; format, entry rule, prize table
 * (a sport's template, editable), organization and whether entries pay through checkout. The shared
 * contract checks it here first and again on the server.
 */
export function CreateBoardForm({ games, onCreated }: { games: Game[]; onCreated: (slug: string) => void }) {
  const create = useCreateBoard();
  const { toast } = useToast();
  const schema = useMemo(() => boardFormSchema(games), [games]);
  const form = useSchemaForm(schema, {
    gameMode: games.length ? 'existing' : 'new',
    gameId: '',
    league: '',
    teamA: '',
    teamB: '',
    startsAt: '',
    venue: '',
    slug: '',
    format: '1v99',
    rule: 'presets',
    minDollars: '1',
    maxDollars: '20',
    organization: '',
    template: 'basketball',
    rows: rowsOf('basketball'),
    paid: false,
  } as BoardFormValues);
  const [message, setMessage] = useState<string | null>(null);
  const v = form.values;
  const { gameMode, template, rows, paid } = v;
  const set = form.set;
  const setRows = (next: PrizeRow[]) => form.set('rows', next);
  const setRow = (i: number, patch: Partial<PrizeRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const slug = slugOf(v, games);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const input = form.validate();
    if (!input) {
      setMessage('Some fields are missing or invalid.');
      return;
    }
    create.mutate(input, {
      onSuccess: (board) => {
        toast({ title: 'Board created', description: `${board.slug} is ${board.status}.`, variant: 'success' });
        form.set('slug', '');
        form.clearErrors();
        onCreated(board.slug);
      },
      onError: (err) => {
        form.showServerErrors(err);
        setMessage(messageOf(err));
      },
    });
  };

  const error = (key: string) => form.errors[key];

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Create a board"
      className="flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-bold text-white">Game</legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-200">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="game-mode"
              className={checkboxClass}
              checked={gameMode === 'existing'}
              onChange={() => set('gameMode', 'existing')}
            />
            A game on record
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="game-mode"
              className={checkboxClass}
              checked={gameMode === 'new'}
              onChange={() => set('gameMode', 'new')}
            />
            A new game
          </label>
        </div>
        {gameMode === 'existing' ? (
          <Select
            label="Game"
            options={games.map((g) => ({ value: g.id, label: gameLabel(g) }))}
            placeholder="Choose a game"
            value={v.gameId}
            onChange={(e) => set('gameId', e.target.value)}
            error={error('gameId')}
          />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            <Input
              label="League"
              value={v.league}
              maxLength={40}
              onChange={(e) => set('league', e.target.value)}
              error={error('game.league')}
            />
            <Input
              label="Venue"
              value={v.venue}
              maxLength={100}
              onChange={(e) => set('venue', e.target.value)}
              error={error('game.venue')}
            />
            <Input
              label="Team A (columns)"
              value={v.teamA}
              maxLength={60}
              onChange={(e) => set('teamA', e.target.value)}
              error={error('game.teamA')}
            />
            <Input
              label="Team B (rows)"
              value={v.teamB}
              maxLength={60}
              onChange={(e) => set('teamB', e.target.value)}
              error={error('game.teamB')}
            />
            <Input
              label="Starts at (your local time)"
              type="datetime-local"
              value={v.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
              error={error('game.startsAt')}
              hint="The board opens 1 hour before and locks at the start"
            />
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 md:grid-cols-2">
        <Input
          label="Board address"
          value={slug}
          maxLength={80}
          onChange={(e) => set('slug', e.target.value)}
          error={error('slug')}
          hint={`Fans open it at /boards/${slug || '…'}`}
          autoComplete="off"
          spellCheck={false}
        />
        <Input
          label="Organization"
          value={v.organization}
          maxLength={100}
          onChange={(e) => set('organization', e.target.value)}
          error={error('organization')}
          hint="Who the board raises money for"
        />
        <Select
          label="Format"
          options={[
            { value: '1v99', label: '1 vs 99: 100 entries, one cell each' },
            { value: '1v49', label: '1 vs 49: 50 entries, two cells each' },
          ]}
          value={v.format}
          onChange={(e) => set('format', e.target.value)}
        />
        <Select
          label="Entry rule"
          options={ruleOptions}
          value={v.rule}
          onChange={(e) => set('rule', e.target.value)}
          error={error('entryRule')}
        />
        {v.rule === 'range' && (
          <>
            <Input
              label="Lowest amount ($)"
              inputMode="numeric"
              value={v.minDollars}
              onChange={(e) => set('minDollars', e.target.value)}
            />
            <Input
              label="Highest amount ($)"
              inputMode="numeric"
              value={v.maxDollars}
              onChange={(e) => set('maxDollars', e.target.value)}
            />
          </>
        )}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-bold text-white">Prize table</legend>
        <Select
          label="Template"
          options={Object.entries(templates).map(([value, t]) => ({ value, label: t.label }))}
          value={template}
          onChange={(e) => {
            const t = e.target.value as Template;
            set('template', t);
            setRows(rowsOf(t));
          }}
          error={error('prizeTable')}
        />
        <ol className="flex flex-col gap-3">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved
            <li key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_9rem_auto]">
              <Input
                label={`Period ${i + 1}`}
                value={row.label}
                maxLength={60}
                // A template's period keeps its scoring key; renaming only changes the label shown.
                onChange={(e) => setRow(i, { label: e.target.value })}
                error={error(`prizeTable.${i}.label`)}
              />
              <Input
                label={`Prize ${i + 1} ($)`}
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => setRow(i, { amount: e.target.value })}
                error={error(`prizeTable.${i}.prizeCents`)}
              />
              <Button
                variant="ghost"
                disabled={rows.length === 1}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                Remove<span className="sr-only"> period {i + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="outline"
          className="self-start"
          disabled={rows.length >= 12}
          onClick={() => setRows([...rows, { label: '', amount: '' }])}
        >
          Add a period
        </Button>
      </fieldset>

      <label className="flex items-start gap-3 text-sm text-slate-200">
        <input
          type="checkbox"
          className={`${checkboxClass} mt-0.5`}
          checked={paid}
          onChange={(e) => set('paid', e.target.checked)}
        />
        <span>
          Payment required: entries pay their amount through checkout and hold their cells while paying
          {error('paymentRequired') && <span className="block text-red-300">{error('paymentRequired')}</span>}
        </span>
      </label>

      <FormFooter message={message} pending={create.isPending} label="Create board" busyLabel="Creating..." />
    </form>
  );
}
