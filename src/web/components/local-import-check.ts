import { hasLocalFanRecords, wasOffered } from '../lib/local-fan-records';

/**
 * The one-time import prompt for this account, or null: offered when it was not offered to this account in
 * this browser before and something saved here can be imported. Loaded on demand by `LocalImportOffer` once a
 * fan is signed in, so a visitor's first load carries neither the saved-data readers nor the dialog.
 */
export async function importPromptFor(userId: string) {
  if (wasOffered(userId) || !hasLocalFanRecords()) return null;
  return (await import('./local-import-dialog')).LocalImportPrompt;
}
