import type { EntryCreated } from '../../../shared/contracts/board-responses';
import { type EntryClosure, entryMessages } from '../../../shared/domain/boards';
import { localEntriesKey } from '../../../shared/domain/local-fan-keys';
import { normalizePhone, phoneMessages } from '../../../shared/domain/phone';
import { isSingleLineText, textMessages } from '../../../shared/domain/text';
import { ApiClientError, isUnavailableError } from '../../lib/api-client';
import { readJson, writeJson } from '../../lib/storage';

/**
 * Entering a game board from any screen (board pages, the baseball modal): the entry form's checks and
 * messages, and this browser's record of its own entries, which /entered, /game-info and the board
 * highlights read. The entry call itself is in api.ts.
 */

export type EntryFieldErrors = { phone?: string; nickname?: string };

/**
 * The entry form's own check of phone and nickname, by the contract's rules (domain/phone, domain/text;
 * the zod schema is built on them), so a refusal shows on its field before anything is sent.
 */
export function entryFieldProblems(phone: string, nickname: string): EntryFieldErrors {
  const problems: EntryFieldErrors = {};
  if (!phone.trim()) problems.phone = phoneMessages.required;
  else if (!normalizePhone(phone)) problems.phone = phoneMessages.invalid;
  if (!isSingleLineText(nickname.trim())) problems.nickname = textMessages.notAllowed('Nickname');
  return problems;
}

/** The server's refusal of an entry, for the form: field messages, a toast title and its description. */
export function entryRefusal(err: unknown): { title: string; description: string; fields: EntryFieldErrors } {
  if (!(err instanceof ApiClientError)) {
    return { title: 'Entry not accepted', description: (err as Error).message, fields: {} };
  }
  const titles: Record<string, string> = {
    BOARD_FULL: 'Board full',
    BOARD_LOCKED: 'Board locked',
    PHONE_ENTRY_LIMIT: 'Entry limit reached',
    ENTRY_RATE_LIMITED: 'Please wait a minute',
  };
  const { phone, nickname } = err.fields ?? {};
  // FanGrid could not be reached (503 UNAVAILABLE, a proxy's 502/504): nothing was refused, the form keeps its input.
  return {
    title: isUnavailableError(err) ? 'Entry not sent' : (titles[err.code] ?? 'Entry not accepted'),
    description: err.message,
    fields: { ...(phone ? { phone } : {}), ...(nickname ? { nickname } : {}) },
  };
}

/**
 * A feed-scored board locks itself when its game gets under way (or an organizer locks it early): its form does
 * not say who locked it.
 */
export const feedLockedMessage = 'This board is locked and takes no more entries.';

/** What the form says while the board takes no entries (a full board also links its next board). */
export const closureMessage = (closure: EntryClosure, scoring: 'feed' | 'manual' = 'manual') =>
  closure === 'locked' && scoring === 'feed' ? feedLockedMessage : entryMessages[closure];

/** What an entry whose checkout was cancelled or expired before it was paid says (My entries, its board). */
export const unpaidEntryNote =
  'Not paid: the checkout was cancelled or expired before payment. Nothing was charged and its cells were released.';

/** This browser's own entries (a visitor has no account), so the board can highlight the viewer's cells. */
const MY_ENTRIES_KEY = localEntriesKey;
export interface MyEntry extends EntryCreated {
  enteredAt: string;
  /** Already the signed-in account's (entered signed in, or linked by the import): nothing to import. */
  inAccount?: boolean;
}

export function myEntries(): MyEntry[] {
  const saved = readJson(MY_ENTRIES_KEY);
  return Array.isArray(saved) ? (saved as MyEntry[]).filter((e) => typeof e?.ticketNumber === 'string') : [];
}

export function rememberEntry(entry: EntryCreated, inAccount = false) {
  const all = myEntries().filter((e) => e.ticketNumber !== entry.ticketNumber);
  writeJson(MY_ENTRIES_KEY, [
    ...all,
    { ...entry, enteredAt: new Date().toISOString(), ...(inAccount ? { inAccount } : {}) },
  ]);
}

/** This browser's entries made as a visitor and not yet linked to an account: what the import offers. */
export const entriesToImport = () => myEntries().filter((e) => !e.inAccount);

/** Forgets these tickets in this browser (an unpaid entry the fan dismissed); an account still lists its own. */
export function forgetEntries(tickets: readonly string[]) {
  if (tickets.length === 0) return;
  writeJson(
    MY_ENTRIES_KEY,
    myEntries().filter((e) => !tickets.includes(e.ticketNumber)),
  );
}

/**
 * The cells this browser's entries on a board hold as the board shows them: each entry's cells that the
 * board lists under its code. A hold that ended unpaid (its checkout cancelled or expired) shows none.
 */
export function myCellsOn(slug: string, cells: readonly { cell: number; code: string }[]): number[] {
  const codeAt = new Map(cells.map((c) => [c.cell, c.code]));
  return myEntries()
    .filter((e) => e.boardSlug === slug)
    .flatMap((e) => e.cells.filter((cell) => codeAt.get(cell) === e.code));
}

/** Marks these tickets as the account's, so the import does not offer them again. */
export function markEntriesInAccount(tickets: readonly string[]) {
  if (tickets.length === 0) return;
  writeJson(
    MY_ENTRIES_KEY,
    myEntries().map((e) => (tickets.includes(e.ticketNumber) ? { ...e, inAccount: true } : e)),
  );
}
