import type { CustomEntry } from '../../../shared/contracts/baseball';
import { localCustomEntriesKey } from '../../../shared/domain/local-fan-keys';
import { readJson, writeJson } from '../../lib/storage';

/**
 * Custom game entries persist like board entries: this browser keeps every one it made (a visitor has no
 * account), and a signed-in fan's are also the account's on the server. Both lists are read together,
 * newest first, each entry once.
 */
export const isCustomEntry = (e: unknown): e is CustomEntry =>
  typeof e === 'object' &&
  e !== null &&
  ['id', 'team1', 'team2', 'gameDate', 'createdAt'].every(
    (k) => typeof (e as Record<string, unknown>)[k] === 'string',
  ) &&
  typeof (e as Record<string, unknown>).amountCents === 'number';

export function localCustomEntries(): CustomEntry[] {
  const saved = readJson(localCustomEntriesKey);
  return Array.isArray(saved) ? saved.filter(isCustomEntry) : [];
}

export function rememberCustomEntry(entry: CustomEntry) {
  writeJson(localCustomEntriesKey, [...localCustomEntries().filter((e) => e.id !== entry.id), entry]);
}

/** This browser's and the account's entries, each once, newest first (anything else in a list is left out). */
export function mergeCustomEntries(...lists: readonly (readonly unknown[])[]): CustomEntry[] {
  const byId = new Map<string, CustomEntry>();
  for (const list of lists) for (const e of list) if (isCustomEntry(e)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
