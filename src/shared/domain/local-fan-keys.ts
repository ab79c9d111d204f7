/**
 * Where a visitor's Fan Central data is kept in the browser (the old app's key names). Its own tiny module: the app
 * shell reads these keys on every sign-in, and must not pull the rest of the fan rules into the first load.
 */
export const localFanKeys = {
  fanProfile: 'fanProfile',
  gamingProfile: 'gamingProfile',
  gamingPageProfile: 'gamingPageProfile',
} as const;

/**
 * A visitor's own board entries (their tickets), kept apart from the Fan Central records: the board keeps
 * reading them after an import links them to the account, so an import never clears them.
 */
export const localEntriesKey = 'fangrid.entries';

/** A visitor's own custom game entries (the baseball page's 'Create Custom Game Entry'), kept like its tickets. */
export const localCustomEntriesKey = 'fangrid.customEntries';
