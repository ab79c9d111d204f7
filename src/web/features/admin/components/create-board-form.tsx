import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import {
  type AdminBoardSummary,
  type CreateBoardInput,
  createBoardSchema,
  type FeedGameSummary,
  type FeedLeague,
  feedLeagues,
} from '../../../../shared/contracts/admin';
import { type UnfilledPolicy, unfilledPolicies } from '../../../../shared/contracts/boards';
import { CLAIM_WINDOW_DAYS_DEFAULT, type PayoutMethod, payoutMethods } from '../../../../shared/contracts/prizes';
import { prizePeriods, slugify, wholeRangeRule } from '../../../../shared/domain/admin';
import { baseballPrizes } from '../../../../shared/domain/baseball';
import { type EntryRule, entryRules, nbaFinalsPrizes } from '../../../../shared/domain/boards';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { hockeyPrizes } from '../../../../shared/domain/feed-periods';
import {
  type BoardMode,
  boardModeLabels,
  boardModes,
  FREE_ENTRIES_PER_PERSON_MAX,
  MINIMUM_AGE_DEFAULT,
  MINIMUM_AGE_MAX,
  MINIMUM_AGE_MIN,
} from '../../../../shared/domain/legal';
import { parseDollars } from '../../../../shared/domain/money';
import { claimChoiceLabels } from '../../../../shared/domain/prizes';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { type FormSchema, messageOf, useSchemaForm } from '../../../lib/form';
import { fieldsOf } from '../../../lib/local-errors';
import { feedGamesQuery, useCreateBoard } from '../api';
import { FormFooter } from './admin-ui';
import { FeedGamePicker } from './feed-game-picker';

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
  hockey: { label: 'Hockey: 1st and 2nd periods and final', periods: hockeyPrizes },
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

const gameLabel = (g: Game) => `${g.teamA} vs ${g.teamB} · ${formatDayTime(g.startsAt, 'local')}`;

const checkboxClass = 'size-5 rounded border-ink-600 bg-ink-950 accent-brand-500';

/** One radio button or checkbox with its text as its label. */
function Choice({
  type,
  name,
  checked,
  onChange,
  className = 'flex items-center gap-2',
  children,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type={type}
        name={name}
        className={checkboxClass}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

/** The ways to name the board's game, in the order offered. */
const gameModeLabels: Record<BoardFormValues['gameMode'], string> = {
  existing: 'A game on record',
  new: 'A new game',
  feed: 'A game from the live feed',
};

/** The prize template that fits a feed league's periods (football is scored by quarters too). */
const feedTemplates: Record<FeedLeague, Template> = {
  nba: 'basketball',
  wnba: 'basketball',
  nfl: 'basketball',
  mlb: 'baseball',
  nhl: 'hockey',
};

interface BoardFormValues {
  gameMode: 'existing' | 'new' | 'feed';
  gameId: string;
  feedLeague: FeedLeague;
  /** The chosen feed game's event id. */
  feedEventId: string;
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
  unfilledPolicy: UnfilledPolicy;
  /** The cancel-below policy's minimum number of entries, as typed. */
  minEntries: string;
  /** Days a winner has to claim a prize, as typed. */
  claimDays: string;
  payoutMethods: PayoutMethod[];
  /** The board's legal mode and its legal settings, as typed (shown per mode). */
  mode: BoardMode;
  legalName: string;
  registration: string;
  beneficiary: string;
  minimumAge: string;
  freeEntriesPerPerson: string;
  freeEntriesPerBoard: string;
}

/** The form's values that are typed as they are (plain text). */
type TextField = { [K in keyof BoardFormValues]: string extends BoardFormValues[K] ? K : never }[keyof BoardFormValues];

const modeExplanations: Record<BoardMode, string> = {
  'charitable-raffle': 'run by a registered charity; paid entries allowed',
  sweepstakes: 'paid entries beside a free way to enter with the same odds',
  'free-to-play': 'no money at all; no amounts, no checkout',
};

/** Each legal mode in one line, as the organizer chooses between them. */
const modeOptions = boardModes.map((m) => ({ value: m, label: `${boardModeLabels[m]}: ${modeExplanations[m]}` }));
/** A whole number as typed, else not a number (the schema says so); empty is not given. */
const wholeOf = (typed: string) => {
  const t = typed.trim();
  return t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : Number.NaN;
};
const textOf = (typed: string) => (typed.trim() === '' ? undefined : typed.trim());

/** The mode's part of the request: only the settings the mode asks for. */
function legalOf(
  v: BoardFormValues,
): Pick<
  CreateBoardInput,
  'mode' | 'legalName' | 'registration' | 'beneficiary' | 'minimumAge' | 'freeEntriesPerPerson' | 'freeEntriesPerBoard'
> {
  const raffle = v.mode === 'charitable-raffle';
  const sweepstakes = v.mode === 'sweepstakes';
  return {
    mode: v.mode,
    minimumAge: wholeOf(v.minimumAge),
    ...(raffle
      ? { legalName: textOf(v.legalName), registration: textOf(v.registration), beneficiary: textOf(v.beneficiary) }
      : {}),
    ...(sweepstakes
      ? { freeEntriesPerPerson: wholeOf(v.freeEntriesPerPerson), freeEntriesPerBoard: wholeOf(v.freeEntriesPerBoard) }
      : {}),
  };
}

/** The unfilled-board policies as the organizer chooses between them. */
const policyLabels: Record<UnfilledPolicy, string> = {
  'play-on': 'Play on: empty cells roll their prize to the next period',
  'cancel-below': 'Cancel and refund below N entries',
};

/** The policy's part of the request; a minimum typed as anything but digits reaches the schema as not a number. */
function unfilledOf(v: BoardFormValues): Pick<CreateBoardInput, 'unfilledPolicy' | 'minEntries'> {
  if (v.unfilledPolicy === 'play-on') return { unfilledPolicy: 'play-on' };
  const typed = v.minEntries.trim();
  return {
    unfilledPolicy: 'cancel-below',
    minEntries: typed === '' ? undefined : /^\d+$/.test(typed) ? Number(typed) : Number.NaN,
  };
}

/** The board's address: as typed, else suggested from the teams. */
function slugOf(v: BoardFormValues, games: Game[], feedGames: readonly FeedGameSummary[]) {
  const chosen =
    v.gameMode === 'existing'
      ? games.find((g) => g.id === v.gameId)
      : v.gameMode === 'feed'
        ? feedGames.find((g) => g.eventId === v.feedEventId)
        : v;
  return v.slug || slugify(chosen ? `${chosen.teamA}-${chosen.teamB}` : '');
}

/** The request's way of naming its game: one on record, a feed game, or a new one typed in. */
function gameOf(v: BoardFormValues): Pick<CreateBoardInput, 'gameId' | 'game' | 'feedGame'> {
  if (v.gameMode === 'existing') return { gameId: v.gameId || undefined };
  if (v.gameMode === 'feed') return { feedGame: { league: v.feedLeague, eventId: v.feedEventId } };
  const startsAt = v.startsAt ? new Date(v.startsAt) : null;
  return {
    game: {
      league: v.league,
      teamA: v.teamA,
      teamB: v.teamB,
      startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : '',
      venue: v.venue,
    },
  };
}

/**
 * A dollar amount as typed in this form, in cents. Amounts far above the board's limits still read as
 * amounts, so the contract names the limit ('A prize can be at most $100,000') rather than the typing.
 */
const typedCents = (typed: string) => parseDollars(typed, { wholeDigits: 12 });

/** What the form says of a range's end typed as no amount at all, by the request's path. */
const rangeEnds = {
  'entryRule.minCents': {
    value: 'minDollars',
    missing: 'Enter the lowest amount',
    bad: 'Enter the lowest amount in dollars, e.g. 5',
  },
  'entryRule.maxCents': {
    value: 'maxDollars',
    missing: 'Enter the highest amount',
    bad: 'Enter the highest amount in dollars, e.g. 20',
  },
} as const;

/**
 * The entry rule the request carries, and the form's own problems with the amounts typed for a range (each
 * beside its field); the contract checks the rule itself (domain/boards entryRuleIssue, as the server does).
 */
function entryRuleOf(v: BoardFormValues): { rule: EntryRule; problems: Record<string, string> } {
  if (v.rule === 'none') return { rule: entryRules.noAmount, problems: {} };
  if (v.rule === 'presets') {
    return { rule: { ...entryRules.presets, presetsCents: [...entryRules.presets.presetsCents] }, problems: {} };
  }
  const problems: Record<string, string> = {};
  const [min, max] = (Object.keys(rangeEnds) as (keyof typeof rangeEnds)[]).map((path) => {
    const end = rangeEnds[path];
    const typed = typedCents(v[end.value]);
    if (typed.ok && typed.cents !== null) return typed.cents;
    problems[path] = typed.ok ? end.missing : end.bad;
    return null;
  });
  if (min == null || max == null) return { rule: entryRules.noAmount, problems };
  return { rule: wholeRangeRule(min, max), problems };
}

/**
 * The create-board contract over the form's values: the request is built from them (dollars to cents, the
 * local start time to ISO) and parsed with the endpoint's schema; the form's own checks (amounts typed as
 * dollars, a game chosen) add their problems by the request's paths.
 */
function boardFormSchema(games: Game[], feedGames: () => readonly FeedGameSummary[]): FormSchema<CreateBoardInput> {
  return {
    safeParse(values) {
      const v = values as BoardFormValues;
      const { rule, problems } = entryRuleOf(v);
      const prizeRows = v.rows.map((r, i) => {
        const amount = typedCents(r.amount);
        if (!amount.ok || amount.cents === null) problems[`prizeTable.${i}.prizeCents`] = 'Enter the prize in dollars';
        // A prize typed as no amount is reported above; it reaches the contract as a valid one, so the table's
        // total is checked on the prizes that were typed.
        return { key: r.key, label: r.label, prizeCents: amount.ok && amount.cents !== null ? amount.cents : 100 };
      });
      const input = {
        slug: slugOf(v, games, feedGames()),
        ...gameOf(v),
        format: v.format,
        entryRule: rule,
        prizeTable: prizePeriods(prizeRows),
        organization: v.organization,
        paymentRequired: v.paid,
        ...unfilledOf(v),
        claimWindowDays: /^\d{1,4}$/.test(v.claimDays.trim()) ? Number(v.claimDays.trim()) : Number.NaN,
        payoutMethods: payoutMethods.filter((m) => v.payoutMethods.includes(m)),
        ...legalOf(v),
      };
      const parsed = createBoardSchema.safeParse(input);
      const fields = { ...(parsed.success ? {} : fieldsOf(parsed.error)), ...problems };
      if (v.gameMode === 'existing' && !v.gameId) fields.gameId = 'Choose a game from the list';
      if (v.gameMode === 'feed' && !v.feedEventId) fields.feedGame = 'Choose a game from the feed’s list';
      if (v.gameMode === 'feed' && fields['feedGame.eventId']) {
        fields.feedGame ??= fields['feedGame.eventId'];
        delete fields['feedGame.eventId'];
      }
      // The one-way-to-name-a-game rule is reported on the list the admin chose from.
      if (v.gameMode === 'feed' && fields.gameId) {
        fields.feedGame ??= fields.gameId;
        delete fields.gameId;
      }
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
  // The feed's games as last listed (the form's values choose the league, so they are read after the form).
  const listed = useRef<readonly FeedGameSummary[]>([]);
  const schema = useMemo(() => boardFormSchema(games, () => listed.current), [games]);
  const form = useSchemaForm(schema, {
    gameMode: games.length ? 'existing' : 'new',
    gameId: '',
    feedLeague: 'nba',
    feedEventId: '',
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
    unfilledPolicy: 'play-on',
    minEntries: '',
    claimDays: String(CLAIM_WINDOW_DAYS_DEFAULT),
    payoutMethods: ['pickup'],
    mode: 'sweepstakes',
    legalName: '',
    registration: '',
    beneficiary: '',
    minimumAge: String(MINIMUM_AGE_DEFAULT),
    freeEntriesPerPerson: '1',
    freeEntriesPerBoard: '',
  } as BoardFormValues);
  const [message, setMessage] = useState<string | null>(null);
  const v = form.values;
  const { gameMode, template, rows, paid } = v;
  const set = form.set;
  const feedGames = useQuery({ ...feedGamesQuery(v.feedLeague), enabled: gameMode === 'feed' });
  listed.current = feedGames.data ?? [];
  const setRows = (next: PrizeRow[]) => form.set('rows', next);
  const setRow = (i: number, patch: Partial<PrizeRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const slug = slugOf(v, games, listed.current);
  const chooseLeague = (league: FeedLeague) => {
    set('feedLeague', league);
    set('feedEventId', '');
    const fitting = feedTemplates[league];
    if (fitting !== template) {
      set('template', fitting);
      setRows(rowsOf(fitting));
    }
  };

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
  /** A text field's value and change handler. */
  const bind = (field: TextField) => ({
    value: v[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, e.target.value),
  });
  /** A text field with the problem the request reports at `path` (the field's own name unless the request nests it). */
  const field = (name: TextField, path: string = name) => ({ ...bind(name), error: error(path) });
  const chooseGameMode = (mode: BoardFormValues['gameMode']) => {
    set('gameMode', mode);
    if (mode === 'feed') chooseLeague(v.feedLeague);
  };

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
          {(Object.keys(gameModeLabels) as BoardFormValues['gameMode'][]).map((mode) => (
            <Choice
              key={mode}
              type="radio"
              name="game-mode"
              checked={gameMode === mode}
              onChange={() => chooseGameMode(mode)}
            >
              {gameModeLabels[mode]}
            </Choice>
          ))}
        </div>
        {gameMode === 'feed' ? (
          <FeedGamePicker
            league={v.feedLeague}
            leagues={feedLeagues}
            onLeague={chooseLeague}
            games={feedGames}
            chosen={v.feedEventId}
            onChoose={(eventId) => set('feedEventId', eventId)}
            error={error('feedGame')}
          />
        ) : gameMode === 'existing' ? (
          <Select
            label="Game"
            options={games.map((g) => ({ value: g.id, label: gameLabel(g) }))}
            placeholder="Choose a game"
            {...field('gameId')}
          />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            <Input label="League" maxLength={40} {...field('league', 'game.league')} />
            <Input label="Venue" maxLength={100} {...field('venue', 'game.venue')} />
            <Input label="Team A (columns)" maxLength={60} {...field('teamA', 'game.teamA')} />
            <Input label="Team B (rows)" maxLength={60} {...field('teamB', 'game.teamB')} />
            <Input
              label="Starts at (your local time)"
              type="datetime-local"
              {...field('startsAt', 'game.startsAt')}
              hint="The board opens 1 hour before and locks at the start"
            />
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 md:grid-cols-2">
        <Input
          label="Board address"
          maxLength={80}
          {...field('slug')}
          // The address as typed, else the one suggested from the teams.
          value={slug}
          hint={`Fans open it at /boards/${slug || '…'}`}
          autoComplete="off"
          spellCheck={false}
        />
        <Input label="Organization" maxLength={100} {...field('organization')} hint="Who the board raises money for" />
        <Select
          label="Mode"
          options={modeOptions}
          value={v.mode}
          onChange={(e) => set('mode', e.target.value as BoardMode)}
          error={error('mode')}
        />
        <Input
          label="Minimum age"
          type="number"
          inputMode="numeric"
          min={MINIMUM_AGE_MIN}
          max={MINIMUM_AGE_MAX}
          {...field('minimumAge')}
          hint={`${MINIMUM_AGE_MIN} to ${MINIMUM_AGE_MAX}`}
        />
        {v.mode === 'charitable-raffle' && (
          <>
            <Input
              label="Legal name"
              maxLength={150}
              {...field('legalName')}
              hint="The registered organization that runs the raffle"
              required
            />
            <Input
              label="Registration or EIN"
              maxLength={40}
              {...field('registration')}
              hint="EIN as NN-NNNNNNN, or the state licence number"
              required
            />
            <Input
              label="Beneficiary (optional)"
              maxLength={150}
              {...field('beneficiary')}
              hint="Who the proceeds benefit; the organization when empty"
            />
          </>
        )}
        {v.mode === 'sweepstakes' && (
          <>
            <Input
              label="Free entries per person"
              type="number"
              inputMode="numeric"
              min={1}
              max={FREE_ENTRIES_PER_PERSON_MAX}
              {...field('freeEntriesPerPerson')}
            />
            <Input
              label="Free entries per board (optional)"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              {...field('freeEntriesPerBoard')}
              hint="No cap when empty"
            />
          </>
        )}
        <Select
          label="Format"
          options={[
            { value: '1v99', label: '1 vs 99: 100 entries, one cell each' },
            { value: '1v49', label: '1 vs 49: 50 entries, two cells each' },
          ]}
          {...bind('format')}
        />
        <Select
          label="Entry rule"
          options={ruleOptions}
          {...bind('rule')}
          // The rule's problems that no amount field of the form stands for are shown on the rule.
          error={
            error('entryRule') ??
            error('entryRule.defaultCents') ??
            error('entryRule.quickPicksCents') ??
            error('entryRule.presetsCents') ??
            (v.rule === 'range' ? undefined : (error('entryRule.minCents') ?? error('entryRule.maxCents')))
          }
        />
        {v.rule === 'range' && (
          <>
            <Input label="Lowest amount ($)" inputMode="numeric" {...field('minDollars', 'entryRule.minCents')} />
            <Input label="Highest amount ($)" inputMode="numeric" {...field('maxDollars', 'entryRule.maxCents')} />
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

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-bold text-white">If the board has not filled when it locks</legend>
        <div className="flex flex-col gap-2 text-sm text-slate-200">
          {unfilledPolicies.map((policy) => (
            <Choice
              key={policy}
              type="radio"
              name="unfilled-policy"
              checked={v.unfilledPolicy === policy}
              onChange={() => set('unfilledPolicy', policy)}
            >
              {policyLabels[policy]}
            </Choice>
          ))}
        </div>
        {v.unfilledPolicy === 'cancel-below' && (
          <Input
            label="Minimum entries (N)"
            inputMode="numeric"
            maxLength={3}
            className="max-w-48"
            {...field('minEntries')}
            hint="With fewer entries at lock the board is cancelled and paid entries refunded"
          />
        )}
        <p className="text-xs text-slate-400">A board with no entries at all is cancelled at lock either way.</p>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-sm font-bold text-white">Prize claims</legend>
        <Input
          label="Claim window (days)"
          inputMode="numeric"
          className="max-w-32"
          {...field('claimDays', 'claimWindowDays')}
          hint="How long a winner has to claim a prize once its period is scored"
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={error('payoutMethods') ? 'payout-methods-error' : undefined}
        >
          <legend className="text-sm font-medium text-slate-200">Payout methods (at least one)</legend>
          {payoutMethods.map((m) => (
            <Choice
              key={m}
              type="checkbox"
              className="flex items-center gap-3 text-sm text-slate-200"
              checked={v.payoutMethods.includes(m)}
              onChange={(on) =>
                set('payoutMethods', on ? [...v.payoutMethods, m] : v.payoutMethods.filter((x) => x !== m))
              }
            >
              {claimChoiceLabels[m]}
            </Choice>
          ))}
          {error('payoutMethods') && (
            <p id="payout-methods-error" className="text-sm text-red-300">
              {error('payoutMethods')}
            </p>
          )}
        </fieldset>
      </fieldset>

      <FormFooter message={message} pending={create.isPending} label="Create board" busyLabel="Creating..." />
    </form>
  );
}
