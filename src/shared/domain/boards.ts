import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { formatCents } from './money';

/**
 * Game board rules (docs/product.md#game-boards): formats, board codes, ticket numbers, entry amounts,
 * lifecycle, the committed random draw of the axis digits, and scoring. Pure: randomness and time are
 * passed in, so the server, the browser's "verify" view and the tests all compute the same results.
 */

export const GRID_SIZE = 10;
export const CELL_COUNT = GRID_SIZE * GRID_SIZE;
export const NICKNAME_MAX = 7;
/** Boards open this long before the game starts (docs/product.md#board-lifecycle). */
export const OPEN_BEFORE_START_MS = 60 * 60 * 1000;

export type BoardFormat = '1v99' | '1v49';
export const boardFormats: Record<BoardFormat, { entries: number; cellsPerEntry: number }> = {
  '1v99': { entries: 100, cellsPerEntry: 1 },
  '1v49': { entries: 50, cellsPerEntry: 2 },
};

/** A random source in [0, 1), injected so tests are deterministic. */
export type Random = () => number;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomLetters = (length: number, random: Random) =>
  Array.from({ length }, () => LETTERS[Math.floor(random() * 26)]).join('');

/** Letters no accent-stripping turns into A–Z, spelled out as they are in English. */
const LETTER_SPELLINGS: Record<string, string> = {
  ß: 'SS',
  ẞ: 'SS',
  æ: 'AE',
  Æ: 'AE',
  œ: 'OE',
  Œ: 'OE',
  ø: 'O',
  Ø: 'O',
  ł: 'L',
  Ł: 'L',
  đ: 'D',
  Đ: 'D',
  ð: 'D',
  Ð: 'D',
  þ: 'TH',
  Þ: 'TH',
  ı: 'I',
};

/**
 * A nickname's letters A–Z, upper-cased, after removing accents (é → E, ñ → N, ß → SS, æ → AE, ø → O,
 * ł → L); digits, symbols, emoji and letters of other alphabets are skipped.
 */
export function codeLetters(nickname: string): string {
  let out = '';
  for (const ch of nickname.normalize('NFKD')) {
    for (const c of (LETTER_SPELLINGS[ch] ?? ch).toUpperCase()) if (c >= 'A' && c <= 'Z') out += c;
  }
  return out;
}

/**
 * A nickname's own code, from its letters A–Z (`codeLetters`): up to 3 letters as they are; more: the first
 * two and the last. Fewer than 3 letters give a shorter string, which is no code (the entry gets random letters).
 */
export function nicknameCode(nickname: string): string {
  const letters = codeLetters(nickname);
  if (letters.length <= 3) return letters;
  return `${letters[0]}${letters[1]}${letters[letters.length - 1]}`;
}

/** What the entry forms say about the code a nickname gets (the rule is `boardCode`'s). */
export const nicknameCodeMessages = {
  short: 'Nicknames with fewer than 3 letters (A–Z) get a random 3-letter code.',
  random: (code: string) => `Your nickname has fewer than 3 letters (A–Z), so you got the random code ${code}.`,
  taken: (own: string, code: string) =>
    `Your nickname's code ${own} is already on this board, so you got the random code ${code}.`,
} as const;

/** True when a typed nickname has too few letters A–Z for its own code, so it gets a random one. */
export const nicknameGetsRandomCode = (nickname: string) =>
  nickname.trim().length > 0 && nicknameCode(nickname).length < 3;

/** Why an entry's code is not its nickname's own (too few letters, or taken on the board); null when it is. */
export function entryCodeNote(nickname: string, code: string): string | null {
  const own = nicknameCode(nickname);
  if (own.length < 3) return nicknameCodeMessages.random(code);
  return own === code ? null : nicknameCodeMessages.taken(own, code);
}

/**
 * The code shown on the board: the nickname rule, or, when that code is already on the board (or the
 * nickname has fewer than 3 letters A–Z), 3 random capital letters not yet on it. A stored code is never
 * derived again: an entry keeps the code it was given.
 */
export function boardCode(nickname: string, taken: ReadonlySet<string>, random: Random): string {
  for (;;) {
    const free = codeCandidates(nickname, random).find((code) => !taken.has(code));
    if (free) return free;
  }
}

/**
 * Codes to try in order for a new entry: the nickname rule first (when it gives 3 characters), then
 * random 3-letter codes. The first one not yet on the board is used (see `boardCode` for the rule).
 */
export function codeCandidates(nickname: string, random: Random, count = 12): string[] {
  const preferred = nicknameCode(nickname);
  const out = preferred.length === 3 ? [preferred] : [];
  while (out.length < count) out.push(randomLetters(3, random));
  return out;
}

/** A ticket number of 9 random upper-case characters. */
export function ticketNumber(random: Random): string {
  return randomLetters(9, random);
}

/** Nickname input rule: cut off at 7 characters as typed. */
export function clampNickname(value: string): string {
  return [...value].slice(0, NICKNAME_MAX).join('');
}

/** How a board takes its support amount (per its screen, docs/product.md#support-amounts). Amounts are integer cents. */
export type EntryRule =
  | { kind: 'whole-range'; minCents: number; maxCents: number; defaultCents: number; quickPicksCents: number[] }
  | { kind: 'presets-or-custom'; presetsCents: number[]; minCents: number }
  | { kind: 'no-amount' };

export const entryRules = {
  /** Thunder: whole $1–$20, default $1, quick picks $1/$5/$10. */
  thunder: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100, 500, 1000] },
  /** Knicks, finals game 6, baseball: presets $1/$5/$10/$20 or a custom amount. */
  presets: { kind: 'presets-or-custom', presetsCents: [100, 500, 1000, 2000], minCents: 100 },
  /** Finals games 5 and 7: phone and nickname only. */
  noAmount: { kind: 'no-amount' },
} as const satisfies Record<string, EntryRule>;

/** The most any one amount may be: $10,000. */
export const MAX_AMOUNT_CENTS = 1_000_000;
/** The most preset amounts or quick picks one rule may offer. */
export const MAX_RULE_AMOUNTS = 10;

/** What an organizer is told about an entry rule that cannot work (the board form shows these as they are). */
export const entryRuleMessages = {
  wholeDollars: 'The lowest amount must be whole dollars, at least $1',
  maxWholeDollars: 'The highest amount must be whole dollars',
  minAboveMax: 'The lowest amount must not be above the highest',
  tooHigh: `The highest amount can be at most ${formatCents(MAX_AMOUNT_CENTS)}`,
  minTooHigh: `The lowest amount can be at most ${formatCents(MAX_AMOUNT_CENTS)}`,
  defaultOutside: 'The default amount must be a whole dollar amount within the range',
  quickPicks: 'Quick picks must be whole dollar amounts within the range, each once, in increasing order',
  wholeCents: 'Amounts are in whole cents',
  minTooLow: 'The lowest amount must be at least $1',
  presetsEmpty: 'Add at least one preset amount',
  tooMany: `Offer at most ${MAX_RULE_AMOUNTS} amounts`,
  presetsBelowMin: 'Preset amounts must be at least the lowest amount',
  presetsTooHigh: `Preset amounts can be at most ${formatCents(MAX_AMOUNT_CENTS)}`,
  presetsOrder: 'Preset amounts must be different and in increasing order',
} as const;

/** The part of an entry rule a problem is about (the board form shows it beside that field). */
export type EntryRuleField = 'minCents' | 'maxCents' | 'defaultCents' | 'quickPicksCents' | 'presetsCents';

const isWholeDollars = (cents: number) => Number.isInteger(cents) && cents % 100 === 0;
const increasing = (values: readonly number[]) => values.every((v, i) => i === 0 || v > (values[i - 1] as number));

/**
 * Whether a board's entry rule can work: its first problem, with the part of the rule it is about, or null.
 * A whole-dollar range needs whole dollars from $1 to $10,000 with the lowest not above the highest, a
 * default inside it and quick picks inside it (each once, increasing); presets need a lowest amount from $1
 * to $10,000 in whole cents and one to ten preset amounts from it to $10,000, each once, increasing.
 */
export function entryRuleIssue(rule: EntryRule): { field: EntryRuleField; message: string } | null {
  const issue = (field: EntryRuleField, message: string) => ({ field, message });
  const m = entryRuleMessages;
  if (rule.kind === 'no-amount') return null;
  if (rule.kind === 'whole-range') {
    if (!isWholeDollars(rule.minCents) || rule.minCents < 100) return issue('minCents', m.wholeDollars);
    if (!isWholeDollars(rule.maxCents)) return issue('maxCents', m.maxWholeDollars);
    if (rule.maxCents > MAX_AMOUNT_CENTS) return issue('maxCents', m.tooHigh);
    if (rule.minCents > rule.maxCents) return issue('minCents', m.minAboveMax);
    const inRange = (c: number) => isWholeDollars(c) && c >= rule.minCents && c <= rule.maxCents;
    if (!inRange(rule.defaultCents)) return issue('defaultCents', m.defaultOutside);
    if (rule.quickPicksCents.length > MAX_RULE_AMOUNTS) return issue('quickPicksCents', m.tooMany);
    if (!rule.quickPicksCents.every(inRange) || !increasing(rule.quickPicksCents)) {
      return issue('quickPicksCents', m.quickPicks);
    }
    return null;
  }
  if (!Number.isInteger(rule.minCents)) return issue('minCents', m.wholeCents);
  if (!rule.presetsCents.every(Number.isInteger)) return issue('presetsCents', m.wholeCents);
  if (rule.minCents < 100) return issue('minCents', m.minTooLow);
  if (rule.minCents > MAX_AMOUNT_CENTS) return issue('minCents', m.minTooHigh);
  if (rule.presetsCents.length === 0) return issue('presetsCents', m.presetsEmpty);
  if (rule.presetsCents.length > MAX_RULE_AMOUNTS) return issue('presetsCents', m.tooMany);
  if (rule.presetsCents.some((c) => c < rule.minCents)) return issue('presetsCents', m.presetsBelowMin);
  if (rule.presetsCents.some((c) => c > MAX_AMOUNT_CENTS)) return issue('presetsCents', m.presetsTooHigh);
  if (!increasing(rule.presetsCents)) return issue('presetsCents', m.presetsOrder);
  return null;
}

/** Whether a board's entry rule can work, as the first problem in words (`entryRuleIssue`'s message) or null. */
export const entryRuleProblem = (rule: EntryRule): string | null => entryRuleIssue(rule)?.message ?? null;

/**
 * A board's entry price in words, as its entry form offers it: 'Entry amount: any whole-dollar amount from $1 to
 * $20.', 'Entry amount: $1, $5, $10 or $20, or a custom amount of at least $1, paid at checkout.', or 'No entry
 * amount: a phone number and a nickname.' for a board that takes none.
 */
export function entryPriceText(rule: EntryRule, paymentRequired: boolean): string {
  const paid = paymentRequired ? ', paid at checkout' : '';
  if (rule.kind === 'no-amount') return 'No entry amount: a phone number and a nickname.';
  if (rule.kind === 'whole-range') {
    return `Entry amount: any whole-dollar amount from ${formatCents(rule.minCents)} to ${formatCents(rule.maxCents)}${paid}.`;
  }
  const presets = rule.presetsCents.map((c) => formatCents(c));
  const listed = presets.length > 1 ? `${presets.slice(0, -1).join(', ')} or ${presets.at(-1)}` : (presets[0] ?? '');
  return `Entry amount: ${listed}, or a custom amount of at least ${formatCents(rule.minCents)}${paid}.`;
}

/**
 * A board's entry price in a few characters, as the open-boards list shows it: 'Free' for a board that takes no
 * amount, '$1–$20' for a whole-dollar range, 'From $1' for preset amounts or a custom amount of at least $1.
 */
export function entryPriceShort(rule: EntryRule): string {
  if (rule.kind === 'no-amount') return 'Free';
  if (rule.kind === 'whole-range') {
    return rule.minCents === rule.maxCents
      ? formatCents(rule.minCents)
      : `${formatCents(rule.minCents)}–${formatCents(rule.maxCents)}`;
  }
  return `From ${formatCents(Math.min(rule.minCents, ...rule.presetsCents))}`;
}

/**
 * What a board that is over shows in place of its entry form: a settled board's prizes are all scored; a
 * cancelled board's paid entries are refunded (`refundSentence`) and its pledges are not collected.
 */
export function boardOverMessage(board: {
  status: 'settled' | 'cancelled';
  paymentRequired: boolean;
  pledges: boolean;
}): { title: string; text: string } {
  if (board.status === 'settled')
    return {
      title: 'This board is settled',
      text: 'The game is over and every prize on this board is scored. It takes no more entries.',
    };
  const money = board.paymentRequired
    ? ` ${refundSentence} Pledges made on it are not collected.`
    : board.pledges
      ? ' Pledges made on it are not collected.'
      : '';
  return { title: 'This board was cancelled', text: `It takes no more entries.${money}` };
}

/** What an entry that is not taken is told (the board form shows these as they are). */
export const entryMessages = {
  /** A board that filled: the next board of the game is offered with it. */
  full: 'Board full',
  /** A board an organizer locked before the game started. */
  locked: 'This board was locked by the organizer and takes no more entries.',
  scheduled: 'This board opens 1 hour before the game starts.',
  closed: 'Entries are closed for this board.',
  cancelled: 'This board was cancelled and takes no more entries.',
  /** The organization running the board is suspended by the platform. */
  suspended: 'This organization is suspended for now and takes no entries.',
  /** Many fans can share one address (stadium Wi-Fi, a carrier's NAT), so this asks for a short wait. */
  rateLimited: 'Too many entries from your network right now. Please wait a minute and try again.',
  phoneLimit: (limit: number) =>
    `This phone number already has ${limit} ${limit === 1 ? 'entry' : 'entries'} on this board, the most one number can have.`,
} as const;

/** Checks an amount against a board's rule; returns the problem in words, or null when it is fine. */
export function amountProblem(rule: EntryRule, amountCents: number | null | undefined): string | null {
  if (rule.kind === 'no-amount') return amountCents ? 'This board takes no support amount.' : null;
  if (amountCents === null || amountCents === undefined) return 'Choose a support amount.';
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'Enter an amount of at least $1.';
  if (rule.kind === 'whole-range') {
    if (amountCents % 100 !== 0) return 'Enter a whole dollar amount.';
    if (amountCents < rule.minCents || amountCents > rule.maxCents) {
      return `Enter a whole amount from ${formatCents(rule.minCents)} to ${formatCents(rule.maxCents)}.`;
    }
    return null;
  }
  if (amountCents < rule.minCents) return `Enter an amount of at least ${formatCents(rule.minCents)}.`;
  if (amountCents > MAX_AMOUNT_CENTS) return 'Enter an amount of at most $10,000.';
  return null;
}

export const boardStatuses = ['scheduled', 'open', 'locked', 'settled', 'cancelled', 'voided'] as const;
export type BoardStatus = (typeof boardStatuses)[number];

/**
 * When a board opens: an hour before its game starts, earlier when the game was postponed after its boards had
 * opened (`opensAt`, the game's), or when an organizer opened this board early ('Open now', `openedAt`, the
 * board's own): whichever comes first.
 */
export function boardOpensAt(game: { startsAt: Date; opensAt?: Date | null; openedAt?: Date | null }): Date {
  const times = [game.startsAt.getTime() - OPEN_BEFORE_START_MS];
  if (game.opensAt) times.push(game.opensAt.getTime());
  if (game.openedAt) times.push(game.openedAt.getTime());
  return new Date(Math.min(...times));
}

/**
 * Board lifecycle (docs/product.md#board-lifecycle): scheduled until 1 hour before start, open, locked at start
 * (or when full), settled. A game postponed while its boards were open keeps them open (`opensAt`); a board an
 * organizer opened early is open from then (`openedAt`).
 */
export function boardStatus(b: {
  startsAt: Date;
  /** When the boards opened, for a game moved later after they had opened. */
  opensAt?: Date | null;
  /** When an organizer opened this board before its usual time ('Open now'). */
  openedAt?: Date | null;
  now: Date;
  cancelledAt?: Date | null;
  /** Voided after part of its game was played: its scored prizes stand, nothing more is awarded. */
  voidedAt?: Date | null;
  settledAt?: Date | null;
  lockedAt?: Date | null;
}): BoardStatus {
  if (b.cancelledAt) return 'cancelled';
  if (b.voidedAt) return 'voided';
  if (b.settledAt) return 'settled';
  if (b.lockedAt || b.now >= b.startsAt) return 'locked';
  if (b.now.getTime() >= boardOpensAt(b).getTime()) return 'open';
  return 'scheduled';
}

/**
 * Why a board takes no entries now, or null while it is open: not open yet, full (it filled; the game's
 * next board takes entries), locked by an organizer before the game, closed (the game has started or the
 * board is settled) or cancelled. A board that filled is locked too: its entry count tells the two apart.
 */
export type EntryClosure = 'scheduled' | 'full' | 'locked' | 'closed' | 'cancelled';
export function entryClosure(
  b: Parameters<typeof boardStatus>[0] & { entryCount: number; capacity: number },
): EntryClosure | null {
  const status = boardStatus(b);
  if (status === 'open') return null;
  if (status === 'scheduled' || status === 'cancelled') return status;
  if (status === 'voided') return 'closed';
  if (status === 'locked' && b.now < b.startsAt) return b.entryCount >= b.capacity ? 'full' : 'locked';
  return 'closed';
}

/** The public commitment to a draw seed: SHA-256 of the seed's bytes, hex. */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** An endless, reproducible byte stream from a seed: SHA-256(seed ‖ label ‖ counter) blocks. */
function byteStream(seedHex: string, label: string) {
  const seed = hexToBytes(seedHex);
  let counter = 0;
  let block = new Uint8Array(0);
  let pos = 0;
  return () => {
    if (pos >= block.length) {
      const input = new Uint8Array([...seed, ...utf8ToBytes(`:${label}:${counter++}`)]);
      block = sha256(input);
      pos = 0;
    }
    return block[pos++] as number;
  };
}

/** A uniform permutation of 0–9 from the seed (Fisher–Yates with rejection sampling, so no bias). */
function permutation(seedHex: string, label: string): number[] {
  const next = byteStream(seedHex, label);
  const digits = Array.from({ length: GRID_SIZE }, (_, i) => i);
  for (let i = digits.length - 1; i > 0; i--) {
    const range = i + 1;
    const limit = 256 - (256 % range);
    let b = next();
    while (b >= limit) b = next();
    const j = b % range;
    [digits[i], digits[j]] = [digits[j] as number, digits[i] as number];
  }
  return digits;
}

export interface Axes {
  /** Digit shown on each column (team A, e.g. Thunder), left to right. */
  columns: number[];
  /** Digit shown on each row (team B, e.g. Wolves), top to bottom. */
  rows: number[];
}

/** The axis digits drawn at lock from the revealed seed; anyone can recompute them. */
export function drawAxes(seedHex: string): Axes {
  return { columns: permutation(seedHex, 'columns'), rows: permutation(seedHex, 'rows') };
}

/** Until lock the headers read 0–9 in order. */
export const undrawnAxes: Axes = {
  columns: Array.from({ length: GRID_SIZE }, (_, i) => i),
  rows: Array.from({ length: GRID_SIZE }, (_, i) => i),
};

export const cellIndex = (row: number, column: number) => row * GRID_SIZE + column;
export const cellPosition = (index: number) => ({ row: Math.floor(index / GRID_SIZE), column: index % GRID_SIZE });

/** The winning cell for a period: column of team A's last digit, row of team B's last digit. */
export function winningCell(axes: Axes, teamAScore: number, teamBScore: number): { row: number; column: number } {
  if (!Number.isInteger(teamAScore) || !Number.isInteger(teamBScore) || teamAScore < 0 || teamBScore < 0) {
    throw new RangeError('Scores are whole numbers of at least 0.');
  }
  const column = axes.columns.indexOf(teamAScore % 10);
  const row = axes.rows.indexOf(teamBScore % 10);
  return { row, column };
}

export interface PrizePeriod {
  /** Stable key, e.g. 'q1', 'final', 'inning5-runs'. */
  key: string;
  label: string;
  prizeCents: number;
}

export interface PeriodResult {
  key: string;
  teamAScore: number;
  teamBScore: number;
}

export interface Award {
  period: string;
  cellIndex: number;
  /** The entry holding the cell, or null when the cell is empty (its prize rolls to the next period). */
  entryId: string | null;
  prizeCents: number;
}

/**
 * Awards for the scored periods, in prize-table order. A prize whose winning cell is empty rolls into the
 * next period's prize; a roll-over left after the last period stays unawarded (shown as such).
 */
export function awards(
  axes: Axes,
  table: readonly PrizePeriod[],
  results: readonly PeriodResult[],
  holderOf: (cellIndex: number) => string | null,
): Award[] {
  const out: Award[] = [];
  let carried = 0;
  for (const period of table) {
    const result = results.find((r) => r.key === period.key);
    if (!result) break;
    const { row, column } = winningCell(axes, result.teamAScore, result.teamBScore);
    const index = cellIndex(row, column);
    const entryId = holderOf(index);
    const prizeCents = period.prizeCents + carried;
    out.push({ period: period.key, cellIndex: index, entryId, prizeCents: entryId ? prizeCents : 0 });
    carried = entryId ? 0 : prizeCents;
  }
  return out;
}

/**
 * Where an empty winning cell's prize went, as the board says it: 'rolled over to 2nd quarter' (the next period
 * in the prize table), or 'not awarded' after the last period.
 */
export function rolledOverText(table: readonly Pick<PrizePeriod, 'key' | 'label'>[], period: string): string {
  const at = table.findIndex((p) => p.key === period);
  const next = at >= 0 ? table[at + 1] : undefined;
  return next ? `rolled over to ${next.label}` : 'not awarded (no later period)';
}

/** The NBA Finals prize table (docs/product.md#periods-and-winners): Q1 50, Q2 100, Q3 50, final incl. overtime 150 (whole dollars). */
export const nbaFinalsPrizes: PrizePeriod[] = [
  { key: 'q1', label: '1st quarter', prizeCents: 5000 },
  { key: 'q2', label: '2nd quarter', prizeCents: 10000 },
  { key: 'q3', label: '3rd quarter', prizeCents: 5000 },
  { key: 'final', label: 'Final score (including overtime)', prizeCents: 15000 },
];

/** The rules sentence a board shows, per sport (every board says what happens to an empty cell). */
export function boardRulesText(prizeKeys: readonly string[]): string {
  const baseball = prizeKeys.some((k) => k.startsWith('inning'));
  return baseball
    ? "Scored at the end of the 5th and 9th innings, by runs and by total hits: the cell where the last digit of each team's number meets wins. If that cell is empty, its prize rolls over to the next period. The 9th-inning score includes extra innings, and a game called early but made official is scored as played: a period it did not reach takes the final score."
    : "Each period is won by the cell where the last digit of each team's score meets. If that cell is empty, its prize rolls over to the next period. The final score includes overtime.";
}

/** The rule every paid board shows (docs/product.md#payment-holds): the hold, and what happens to a payment after it. */
export function paidBoardRulesText(holdMinutes: number): string {
  return `Paid board: your entry pays its support amount at checkout, and your cells are held for ${holdMinutes} ${holdMinutes === 1 ? 'minute' : 'minutes'} while you pay. An unpaid hold frees its cells. If your payment arrives after the hold ends, you are seated on free cells while the board has room; otherwise your payment is refunded in full.`;
}

/** What the unfilled-board policy does with a board at lock (docs/product.md#unfilled-boards). */
export type UnfilledOutcome = 'play' | 'cancel-empty' | 'cancel-below';

/**
 * At lock: a board with no entries at all is cancelled whatever its policy; a 'cancel-below' board with fewer
 * than `minEntries` entries is cancelled (its paid entries refunded); otherwise it plays, and a period whose
 * winning cell is empty rolls its prize over (see `awards`).
 */
export function unfilledOutcome(
  policy: 'play-on' | 'cancel-below',
  minEntries: number | null,
  entryCount: number,
): UnfilledOutcome {
  if (entryCount === 0) return 'cancel-empty';
  if (policy === 'cancel-below' && entryCount < (minEntries ?? 1)) return 'cancel-below';
  return 'play';
}

/** What entrants are told when their board is cancelled, by the reason. */
export const cancelNotices = {
  organizer: 'This board was cancelled by its organizer.',
  game: 'Game cancelled: this board is cancelled.',
  empty: 'Cancelled at lock: nobody entered this board.',
  below: (minEntries: number) => `Cancelled at lock: fewer than ${minEntries} entries, the minimum this board set.`,
} as const;

/** Said on a cancelled board whose paid entries are refunded. */
export const refundSentence = 'Paid entries are refunded in full.';

/** A moment as notices say it, the same on every server and screen: '2025-09-21 23:00 UTC'. */
export function noticeTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What entrants are told when the feed shows the game postponed to a new time. */
export const postponedNotice = (startsAt: Date) => `Game postponed: now starts ${noticeTime(startsAt)}.`;
/** What entrants are told when the feed shows the game suspended (the board keeps its scored periods). */
export const suspendedNotice =
  'Game suspended: the remaining periods are scored when play resumes; scored periods stand.';

/** The unfilled-board policy a board published, in words for its 'Prizes and rules' (see `unfilledOutcome`). */
export function unfilledRulesText(policy: 'play-on' | 'cancel-below', minEntries: number | null): string {
  const rule =
    policy === 'cancel-below'
      ? `If fewer than ${minEntries ?? 1} ${minEntries === 1 ? 'entry is' : 'entries are'} in when the board locks, it is cancelled and paid entries are refunded in full.`
      : 'If the board has not filled when it locks, it plays on: a period whose winning cell is empty rolls its prize to the next period.';
  return `${rule} A board nobody entered is cancelled at lock.`;
}

/** Said on a period whose score was changed after it was first recorded (a feed stat correction or an override). */
export const correctedResultText = 'Corrected after the final';
