/**
 * The boards feature's public surface: what other features may use to take and show board entries.
 * Code outside this folder imports only this file. The route table is the one exception: it imports the
 * page modules (pages/*) lazily and directly, so each screen stays a chunk of its own; pages are never
 * exported here, or a static import of this file would pull them all into one chunk.
 */

export { myEntriesQuery } from './api';
export {
  closureMessage,
  entriesToImport,
  type MyEntry,
  markEntriesInAccount,
  myEntries,
  rememberEntry,
} from './board-entries';
export {
  boardRulesPath,
  chosenStateProblem,
  EligibilityBox,
  EligibilityFields,
  NextBoardAlert,
  PhoneAndNickname,
  SmsConsentBox,
  StateSelect,
  stateRuleOf,
} from './components/entry-fields';
export { EntryStatusBadge } from './components/entry-status-badge';
export { LiveScore, type LiveScoreBoard } from './components/live-score';
export { useEntryForm } from './use-entry-form';
