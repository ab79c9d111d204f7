import { localEntriesKey, localFanKeys } from '../../shared/domain/local-fan-keys';
import { readJson, writeJson } from './storage';

/**
 * The cheap, zod-free part of a visitor's local Fan Central data, used by the app shell on every sign-in:
 * whether there is any, forgetting it, and which accounts this browser already offered the import to
 * (so "Not now" is not asked again on every page).
 */

/**
 * True when any of the three local records exists (no parsing), or this browser holds board entries made
 * as a visitor that no account has yet (see features/boards/board-entries.ts).
 */
export function hasLocalFanRecords(): boolean {
  try {
    const entries = readJson(localEntriesKey);
    if (Array.isArray(entries) && entries.some((e) => e && typeof e === 'object' && !e.inAccount)) return true;
    return Object.values(localFanKeys).some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/** Forgets the visitor's local records (after they moved into an account). */
export function clearLocalFanData() {
  for (const key of Object.values(localFanKeys)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was saved there either.
    }
  }
}

const OFFERED_KEY = 'fangrid.localImport.offered';
const offeredTo = (): string[] => {
  const saved = readJson(OFFERED_KEY);
  return Array.isArray(saved) ? saved.filter((v): v is string => typeof v === 'string') : [];
};
export const wasOffered = (userId: string) => offeredTo().includes(userId);
export const markOffered = (userId: string) => {
  if (!wasOffered(userId)) writeJson(OFFERED_KEY, [...offeredTo(), userId].slice(-20));
};
