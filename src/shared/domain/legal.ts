import { endRulesText } from './board-ends';
import type { EntryRule, PrizePeriod } from './boards';
import { formatCents } from './money';

/**
 * A board's legal mode, chosen when it is created and shown on the board:
 * - 'charitable-raffle': run by a qualifying organization (its legal name and registration or EIN on record);
 *   money entries allowed.
 * - 'sweepstakes': money entries allowed only beside a free method of entry with the same odds.
 * - 'free-to-play': no money at all; amounts and checkouts are refused.
 */
export const boardModes = ['charitable-raffle', 'sweepstakes', 'free-to-play'] as const;
export type BoardMode = (typeof boardModes)[number];

export const boardModeLabels: Record<BoardMode, string> = {
  'charitable-raffle': 'Charitable raffle',
  sweepstakes: 'Sweepstakes',
  'free-to-play': 'Free to play',
};

/** What a mode allows and asks for. */
export interface ModeRules {
  /** Entries may carry a money amount (a support amount, a checkout, a pledge). */
  moneyAllowed: boolean;
  /** A free method of entry (same cells, same odds, same prizes) is offered beside the paid one. */
  freeEntryOffered: boolean;
  /** The organizer's legal name and registration (EIN or state licence) are required. */
  registrationRequired: boolean;
  /** Entrants name their US state, and states excluded for the mode are refused. */
  statesRestricted: boolean;
}

export const modeRules: Record<BoardMode, ModeRules> = {
  'charitable-raffle': {
    moneyAllowed: true,
    freeEntryOffered: false,
    registrationRequired: true,
    statesRestricted: true,
  },
  sweepstakes: { moneyAllowed: true, freeEntryOffered: true, registrationRequired: false, statesRestricted: true },
  'free-to-play': {
    moneyAllowed: false,
    freeEntryOffered: false,
    registrationRequired: false,
    statesRestricted: false,
  },
};

export const moneyAllowed = (mode: BoardMode) => modeRules[mode].moneyAllowed;
export const freeEntryOffered = (mode: BoardMode) => modeRules[mode].freeEntryOffered;
export const registrationRequired = (mode: BoardMode) => modeRules[mode].registrationRequired;
/**
 * Whether an entry must name its state: always on a mode that restricts states, and on any mode whose
 * configured list of excluded states is not empty.
 */
export const stateRequired = (mode: BoardMode, excludedStates: readonly string[]) =>
  modeRules[mode].statesRestricted || excludedStates.length > 0;

/** The US states and DC by their two-letter postal codes. */
export const usStates = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsState = keyof typeof usStates;
export const usStateCodes = Object.keys(usStates) as UsState[];
export const isUsState = (code: string): code is UsState => Object.hasOwn(usStates, code);

/**
 * The states excluded per mode when the configuration names none (EXCLUDED_STATES_* settings). A starting
 * point, not legal advice: organizers must check their own state's law.
 * - Charitable raffles: Hawaii and Utah prohibit all gambling, raffles included; Alabama allows raffles only
 *   under local acts for some counties.
 * - Sweepstakes: New York and Florida require registration and bonding of larger sweepstakes, Rhode Island of
 *   retail ones; excluded until an organizer has registered there.
 * - Free to play: no money changes hands, so no state is excluded.
 */
export const defaultExcludedStates: Record<BoardMode, readonly UsState[]> = {
  'charitable-raffle': ['AL', 'HI', 'UT'],
  sweepstakes: ['FL', 'NY', 'RI'],
  'free-to-play': [],
};

/**
 * A comma list of state codes (configuration): the codes upper-cased, de-duplicated and sorted, or the
 * message naming what is not a US state. An empty or blank list is no state.
 */
export function parseStateList(text: string): UsState[] | string {
  const codes = text
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const wrong = codes.filter((c) => !isUsState(c));
  if (wrong.length > 0) {
    return `${wrong.map((c) => `"${c}"`).join(', ')} ${wrong.length === 1 ? 'is not a' : 'are not'} US state code${wrong.length === 1 ? '' : 's'} (two letters, e.g. NY, DC)`;
  }
  return [...new Set(codes as UsState[])].sort();
}

/** Minimum entrant age: 18 unless the board sets up to 21. */
export const MINIMUM_AGE_DEFAULT = 18;
export const MINIMUM_AGE_MIN = 18;
export const MINIMUM_AGE_MAX = 21;
/** Free entries one person (phone number) may make on a sweepstakes board unless it sets another limit. */
export const FREE_ENTRIES_PER_PERSON_DEFAULT = 1;
export const FREE_ENTRIES_PER_PERSON_MAX = 10;

/** An EIN as the IRS writes it: two digits, a dash, seven digits. */
export const EIN_PATTERN = /^\d{2}-\d{7}$/;
/** A state licence or registration number: letters, digits, spaces and - / . # (3 to 40 characters). */
export const LICENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./#-]{1,38}[A-Za-z0-9]$/;

/**
 * The problem with an organizer's registration (null when it is fine): an EIN (NN-NNNNNNN) or a state licence
 * number. Nine bare digits are read as an EIN written without its dash and refused with the right form.
 */
export function registrationProblem(value: string): string | null {
  const v = value.trim();
  if (/^\d{9}$/.test(v)) return 'Write the EIN as NN-NNNNNNN (two digits, a dash, seven digits)';
  if (/^\d[\d-]*$/.test(v) && /-/.test(v) && !EIN_PATTERN.test(v)) {
    return 'Write the EIN as NN-NNNNNNN (two digits, a dash, seven digits)';
  }
  if (EIN_PATTERN.test(v) || LICENCE_PATTERN.test(v)) return null;
  return 'Enter the EIN (NN-NNNNNNN) or the state licence number';
}

/** The legal settings an organizer gives a board (its columns), which it publishes and its next board keeps. */
export interface BoardLegalSettings {
  legalName: string | null;
  registration: string | null;
  beneficiary: string | null;
  minimumAge: number;
  freeEntriesPerPerson: number;
  freeEntriesPerBoard: number | null;
}

/** A board's own legal settings, and nothing else of the row they are read from. */
export const legalSettingsOf = (board: BoardLegalSettings): BoardLegalSettings => ({
  legalName: board.legalName,
  registration: board.registration,
  beneficiary: board.beneficiary,
  minimumAge: board.minimumAge,
  freeEntriesPerPerson: board.freeEntriesPerPerson,
  freeEntriesPerBoard: board.freeEntriesPerBoard,
});

/** The legal settings a board publishes, from its row and the states configured as excluded per mode. */
export function publishedLegal(
  board: BoardLegalSettings & { mode: BoardMode },
  excludedByMode: Record<BoardMode, readonly string[]>,
) {
  const excludedStates = [...(excludedByMode[board.mode] ?? [])];
  const rules = modeRules[board.mode];
  return {
    ...legalSettingsOf(board),
    moneyAllowed: rules.moneyAllowed,
    freeEntryOffered: rules.freeEntryOffered,
    stateRequired: stateRequired(board.mode, excludedStates),
    excludedStates,
  };
}

/** The refusals an entry can meet for its mode and eligibility, each naming its rule. */
export const legalMessages = {
  ageConfirmed: (minimumAge: number) => `Confirm that you are ${minimumAge} or older to enter this board.`,
  rulesAccepted: 'Accept the official rules to enter this board.',
  stateRequired: (mode: BoardMode) =>
    `Choose your state: the ${boardModeLabels[mode].toLowerCase()} rules of this board depend on where you live.`,
  stateExcluded: (mode: BoardMode, state: UsState) =>
    `Entries from ${usStates[state]} are not accepted: the official rules of this ${boardModeLabels[mode].toLowerCase()} exclude ${state}.`,
  noMoney: 'This board is free to play: it takes no amounts and no payments.',
  freeEntryNotOffered: 'This board offers no free entry: only sweepstakes boards have one.',
  freeEntryPersonLimit: (limit: number) =>
    `This phone number has used its free ${limit === 1 ? 'entry' : `entries (${limit})`} on this board, the most the official rules allow per person.`,
  freeEntryBoardLimit: (limit: number) =>
    `All ${limit} free ${limit === 1 ? 'entry' : 'entries'} of this board are taken, the most its official rules allow.`,
  legalNameRequired: 'A charitable raffle needs the organization’s legal name',
  registrationRequired: 'A charitable raffle needs the organization’s registration number or EIN',
  noMoneyRule: 'A free-to-play board takes no amounts: use the no-amount entry rule',
  noMoneyPaid: 'A free-to-play board takes no payments',
} as const;

/**
 * The problem with entering `mode`'s board from `state` (null when allowed): a missing state where the mode
 * asks for one, or a state the mode's configured list excludes.
 */
export function stateProblem(
  mode: BoardMode,
  excludedStates: readonly string[],
  state: string | null | undefined,
): { kind: 'required' | 'excluded'; message: string } | null {
  if (!state) {
    return stateRequired(mode, excludedStates)
      ? { kind: 'required', message: legalMessages.stateRequired(mode) }
      : null;
  }
  const code = state.toUpperCase();
  if (!isUsState(code)) return { kind: 'required', message: legalMessages.stateRequired(mode) };
  return excludedStates.includes(code) ? { kind: 'excluded', message: legalMessages.stateExcluded(mode, code) } : null;
}

/** The problems of a board's settings for its mode (empty when it may be created as it is), by field. */
export function boardModeProblems(b: {
  mode: BoardMode;
  legalName?: string | null;
  registration?: string | null;
  entryRule: EntryRule;
  paymentRequired: boolean;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (registrationRequired(b.mode)) {
    if (!b.legalName?.trim()) problems.legalName = legalMessages.legalNameRequired;
    if (!b.registration?.trim()) problems.registration = legalMessages.registrationRequired;
  }
  if (!moneyAllowed(b.mode)) {
    if (b.entryRule.kind !== 'no-amount') problems.entryRule = legalMessages.noMoneyRule;
    if (b.paymentRequired) problems.paymentRequired = legalMessages.noMoneyPaid;
  }
  return problems;
}

/** The words for money on a board: entries are never donations and never tax-deductible. */
export const entryMoneyWords = {
  amount: 'Entry amount',
  /** Said wherever a board entry's money is shown or receipted. */
  notDonation: 'Board entries are not donations and are not tax-deductible.',
} as const;

/** A donation receipt's statement of what the donor got for the gift. */
export const noGoodsOrServices = 'No goods or services were provided in exchange for this gift.';

/** What a sweepstakes board says wherever it is published (its rules, its printed sheet). */
export const noPurchaseNecessary = 'No purchase necessary to enter or win; paying does not improve your odds.';

/** How to enter a sweepstakes board for free, as its rules and its printed sheet say it, with the board's limits. */
export function freeEntryText(legal: Pick<BoardLegalSettings, 'freeEntriesPerPerson' | 'freeEntriesPerBoard'>): string {
  const perBoard = legal.freeEntriesPerBoard;
  return `Free entry: use the Free entry form with a code we text you, no payment, same odds and prizes; limit ${legal.freeEntriesPerPerson} per phone number${perBoard ? `, ${perBoard} per board` : ''}.`;
}

/** What the rules document is written from: the public board view's facts. */
export interface RulesSource {
  slug: string;
  game: { league: string; teamA: string; teamB: string; startsAt: string };
  format: '1v99' | '1v49';
  organization: string;
  mode: BoardMode;
  legal: BoardLegalSettings & { excludedStates: readonly string[]; stateRequired: boolean };
  entryRule: EntryRule;
  paymentRequired: boolean;
  holdMinutes: number;
  prizeTable: readonly PrizePeriod[];
  capacity: number;
  seedHash: string;
  unfilled: { policy: 'play-on' | 'cancel-below'; minEntries: number | null };
  claimWindowDays: number;
  payoutMethods: readonly ('pickup' | 'check' | 'handle')[];
}

export interface RulesSection {
  /** A stable anchor for the section ('organizer', 'how-to-enter', …). */
  id: string;
  title: string;
  paragraphs: string[];
}
export interface RulesDocument {
  title: string;
  sections: RulesSection[];
}

const payoutWords: Record<'pickup' | 'check' | 'handle', string> = {
  pickup: 'pickup',
  check: 'check',
  handle: 'payment app',
};

const listWords = (items: readonly string[], last = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

/** When a game starts, the same on every server and screen: '2025-09-21 23:00 UTC'. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The board's official rules, written from its settings, as sections of short paragraphs: the web page and
 * the plain-text rendering (`rulesAsText`) both show this. Short enough to read on a phone in under a minute.
 */
export function buildOfficialRules(b: RulesSource): RulesDocument {
  const rules = modeRules[b.mode];
  const cell = b.format === '1v49' ? 'two random cells' : 'one random cell';
  const money = rules.moneyAllowed && b.entryRule.kind !== 'no-amount';
  const organizer = b.legal.legalName ?? b.organization;
  const beneficiary = b.legal.beneficiary ?? organizer;
  const excluded = b.legal.excludedStates.filter(isUsState);
  const days = `${b.claimWindowDays} ${b.claimWindowDays === 1 ? 'day' : 'days'}`;
  const baseball = b.prizeTable.some((p) => p.key.startsWith('inning'));
  const section = (id: string, title: string, ...paragraphs: string[]): RulesSection => ({ id, title, paragraphs });

  const howToEnter = [
    money
      ? `Enter here with your phone number, a nickname and an entry amount${b.paymentRequired ? ' paid at checkout' : ''}; you get ${cell}.`
      : `Enter here with your phone number and a nickname; you get ${cell}.`,
  ];
  if (rules.freeEntryOffered) howToEnter.push(freeEntryText(b.legal));
  if (money && b.paymentRequired) {
    howToEnter.push(
      `Checkout holds your cells ${b.holdMinutes} min; a later payment gets free cells if any remain, else a full refund.`,
    );
  }
  if (money) howToEnter.push(entryMoneyWords.notDonation);

  const sections = [
    section(
      'organizer',
      'Organizer',
      `Run by ${organizer}${b.legal.registration ? ` (registration ${b.legal.registration})` : ''}${beneficiary === organizer ? '' : ` for ${beneficiary}`}.`,
    ),
    section(
      'mode',
      'Game type',
      b.mode === 'charitable-raffle'
        ? 'Charitable raffle run by a qualifying organization.'
        : b.mode === 'sweepstakes'
          ? `Sweepstakes: ${noPurchaseNecessary.charAt(0).toLowerCase()}${noPurchaseNecessary.slice(1)}`
          : 'Free to play: no money is taken at any point.',
    ),
    section(
      'eligibility',
      'Eligibility',
      `US residents ${b.legal.minimumAge} or older${excluded.length > 0 ? `, except ${listWords(excluded)}` : ''}. Void where prohibited.`,
    ),
    section('how-to-enter', 'How to enter', ...howToEnter),
    section(
      'entry-window',
      'Entry window',
      `Opens 1 hour before the ${utc(b.game.startsAt)} start; closes at the start or when all ${b.capacity} entries are taken.`,
    ),
    section('prizes', 'Prizes', `${b.prizeTable.map((p) => `${p.label}: ${formatCents(p.prizeCents)}`).join('. ')}.`),
    section(
      'draw',
      'The draw',
      `Digits come from a secret seed: its SHA-256 (${b.seedHash.slice(0, 12)}…) is public now and the seed is shown at lock, so anyone can verify the draw.`,
    ),
    section(
      'winning',
      'Winning',
      `Each period's winning cell is where the last digits of the two scores meet; ${baseball ? 'the 9th inning includes extra innings' : 'the final includes overtime'}; a tie still picks one cell.`,
    ),
    section(
      'empty-cells',
      'Empty cells',
      `${
        b.unfilled.policy === 'cancel-below'
          ? `Under ${b.unfilled.minEntries ?? 1} entries at lock, the board is cancelled${money ? ' and refunded' : ''}. `
          : ''
      }An empty winning cell rolls its prize to the next period (none after the last). A board nobody entered is cancelled.`,
    ),
    section('postponed', 'Postponed or cancelled', `Postponed: same board, new time. ${endRulesText(money)}`),
    section(
      'claims',
      'Claims',
      `Winners are texted and claim within ${days} by ${listWords(
        b.payoutMethods.map((m) => payoutWords[m]),
        'or',
      )}; unclaimed prizes expire.`,
    ),
    section(
      'privacy',
      'Privacy',
      'Your phone number is used only for this board and never shown; texts only if you ask.',
    ),
  ];
  return { title: `Official rules: ${b.game.teamA} vs ${b.game.teamB} (${boardModeLabels[b.mode]})`, sections };
}

/** The rules document as plain text: the title, then each section's title and paragraphs. */
export function rulesAsText(doc: RulesDocument): string {
  return [doc.title, ...doc.sections.map((s) => [s.title, ...s.paragraphs].join('\n'))].join('\n\n');
}

/** Words in a text (the rules page is meant to be read in under a minute: at most about 290). */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
