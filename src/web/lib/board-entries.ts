import { queryOptions } from '@tanstack/react-query';
import type { CreateEntryInput, EntryCreated, MyEntryView } from '../../shared/contracts/boards';
import { apiPaths } from '../../shared/contracts/paths';
import { apiPost } from './api-client';
import { readJson, writeJson } from './storage';

/**
 * Entering a game board from any screen (board pages, the baseball modal): the entry call and this
 * browser's record of its own entries, which /entered, /game-info and the board highlights read.
 */
export const createEntry = (slug: string, input: CreateEntryInput) =>
  apiPost<{ entry: EntryCreated }>(apiPaths.boardEntries(slug), input).then((r) => r.entry);

/** This browser's own entries (a visitor has no account), so the board can highlight the viewer's cells. */
const MY_ENTRIES_KEY = 'fangrid.entries';
export interface MyEntry extends EntryCreated {
  enteredAt: string;
}

export function myEntries(): MyEntry[] {
  const saved = readJson(MY_ENTRIES_KEY);
  return Array.isArray(saved) ? (saved as MyEntry[]).filter((e) => typeof e?.ticketNumber === 'string') : [];
}

export function rememberEntry(entry: EntryCreated) {
  const all = myEntries().filter((e) => e.ticketNumber !== entry.ticketNumber);
  writeJson(MY_ENTRIES_KEY, [...all, { ...entry, enteredAt: new Date().toISOString() }]);
}

/**
 * The viewer's entries with their real statuses (spec §4): this browser's tickets, plus the account's
 * entries when signed in. Read by /entered and by Fan Central's entered games.
 */
export const myEntriesQuery = () => {
  const tickets = myEntries().map((e) => e.ticketNumber);
  return queryOptions({
    queryKey: ['my-entries', tickets] as const,
    queryFn: () => apiPost<{ entries: MyEntryView[] }>(apiPaths.entryLookup, { tickets }).then((r) => r.entries),
  });
};
