import {
  type AdminBoardSummary,
  type CreateBoardInput,
  createBoardSchema,
  type FeedGameSummary,
  type FeedLeague,
} from '../../../../shared/contracts/admin';
import type { UnfilledPolicy } from '../../../../shared/contracts/boards';
import { CLAIM_WINDOW_DAYS_DEFAULT, type PayoutMethod, payoutMethods } from '../../../../shared/contracts/prizes';
import { prizePeriods, slugify, wholeRangeRule } from '../../../../shared/domain/admin';
import { baseballPrizes } from '../../../../shared/domain/baseball';
import { type EntryRule, entryRules, nbaFinalsPrizes } from '../../../../shared/domain/boards';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { hockeyPrizes } from '../../../../shared/domain/feed-periods';
import { type BoardMode, boardModeLabels, boardModes, MINIMUM_AGE_DEFAULT } from '../../../../shared/domain/legal';
import { parseDollars } from '../../../../shared/domain/money';
import type { FormSchema, SchemaForm } from '../../../lib/form';
import { fieldsOf } from '../../../lib/local-errors';

export type Game = AdminBoardSummary['game'];
export interface PrizeRow {
  /** Kept from a template (scoring and the rules text read template keys); typed rows get one from the label. */
  key?: string;
  label: string;
  amount: string;
}

export const templates = {
  basketball: { label: 'Basketball: quarters and final', periods: nbaFinalsPrizes },
  baseball: { label: 'Baseball: 5th and 9th innings, runs and hits', periods: baseballPrizes },
  hockey: { label: 'Hockey: 1st and 2nd periods and final', periods: hockeyPrizes },
  custom: { label: 'Custom periods', periods: [{ key: '', label: 'Final score', prizeCents: 10000 }] },
} as const;
export type Template = keyof typeof templates;
export const rowsOf = (t: Template): PrizeRow[] =>
  templates[t].periods.map((p) => ({
    ...(p.key ? { key: p.key } : {}),
    label: p.label,
    amount: String(p.prizeCents / 100),
  }));

export const ruleOptions = [
  { value: 'presets', label: 'Presets $1, $5, $10, $20 or a custom amount' },
  { value: 'range', label: 'Whole dollars in a range' },
  { value: 'none', label: 'No amount (phone and nickname only)' },
];

export const gameLabel = (g: Game) => `${g.teamA} vs ${g.teamB} · ${formatDayTime(g.startsAt, 'local')}`;

/** The ways to name the board's game, in the order offered. */
export const gameModeLabels: Record<BoardFormValues['gameMode'], string> = {
  existing: 'A game on record',
  new: 'A new game',
  feed: 'A game from the live feed',
};

/** The prize template that fits a feed league's periods (football is scored by quarters too). */
export const feedTemplates: Record<FeedLeague, Template> = {
  nba: 'basketball',
  wnba: 'basketball',
  nfl: 'basketball',
  mlb: 'baseball',
  nhl: 'hockey',
};

export interface BoardFormValues {
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

const modeExplanations: Record<BoardMode, string> = {
  'charitable-raffle': 'run by a registered charity; paid entries allowed',
  sweepstakes: 'paid entries beside a free way to enter with the same odds',
  'free-to-play': 'no money at all; no amounts, no checkout',
};

/** Each legal mode in one line, as the organizer chooses between them. */
export const modeOptions = boardModes.map((m) => ({
  value: m,
  label: `${boardModeLabels[m]}: ${modeExplanations[m]}`,
}));
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
export const policyLabels: Record<UnfilledPolicy, string> = {
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
export function slugOf(v: BoardFormValues, games: Game[], feedGames: readonly FeedGameSummary[]) {
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
export function boardFormSchema(
  games: Game[],
  feedGames: () => readonly FeedGameSummary[],
): FormSchema<CreateBoardInput> {
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

/** A new board's values: a game on record when there is one, the basketball template, a sweepstakes. */
export const initialBoardValues = (games: Game[]): BoardFormValues => ({
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
});

/** The create-board form as its sections take it. */
export type BoardForm = SchemaForm<CreateBoardInput, BoardFormValues>;
