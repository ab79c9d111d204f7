import { pathOf } from './pattern';

/** The admin gate (passcode, phrase) and the admin screens' API behind it. */
export const adminGatePaths = {
  status: '/api/admin-gate',
  passcode: '/api/admin-gate/passcode',
  phrase: '/api/admin-gate/phrase',
  signOut: '/api/admin-gate/sign-out',
} as const;

export const adminPaths = {
  session: '/api/admin/session',
  kpis: '/api/admin/kpis',
  donations: '/api/admin/donations',
  entries: '/api/admin/entries',
  entry: pathOf('/api/admin/entries/:id'),
  /** POST marks the pledge collected; DELETE undoes it. */
  entryPaid: pathOf('/api/admin/entries/:id/paid'),
  /** POST 'Refund': refunds the entry's checkout payment and keeps it listed, its cells free. */
  entryRefund: pathOf('/api/admin/entries/:id/refund'),
  /** POST 'Returned': the entry's cash to return was handed back. */
  entryReturned: pathOf('/api/admin/entries/:id/returned'),
  /** POST `{ ids }`: marks many pledges collected at once. */
  entriesPaid: '/api/admin/entries/paid',
  /** POST `{ boardSlug, csv }`: adds a CSV file's entries, all or nothing. */
  entriesImport: '/api/admin/entries/import',
  loginAttempts: '/api/admin/login-attempts',
  entriesCsv: '/api/admin/exports/game-entries.csv',
  loginAttemptsCsv: '/api/admin/exports/login-attempts.csv',
  boards: '/api/admin/boards',
  board: pathOf('/api/admin/boards/:slug'),
  boardLock: pathOf('/api/admin/boards/:slug/lock'),
  boardCancel: pathOf('/api/admin/boards/:slug/cancel'),
  /** POST `{ reason }`: voids a board once a period is scored (its scored prizes stand). */
  boardVoid: pathOf('/api/admin/boards/:slug/void'),
  /** What cancelling, locking or voiding the board would do now: the confirmation dialogs' figures. */
  boardEndPreview: pathOf('/api/admin/boards/:slug/end-preview'),
  /** 'Open now': opens a scheduled board early. */
  boardOpen: pathOf('/api/admin/boards/:slug/open'),
  boardScores: pathOf('/api/admin/boards/:slug/scores'),
  /** The same body as boardScores; answers the old and new winner without saving. */
  boardScoresPreview: pathOf('/api/admin/boards/:slug/scores/preview'),
  boardResultConfirm: pathOf('/api/admin/boards/:slug/results/:period/confirm'),
  boardScoring: pathOf('/api/admin/boards/:slug/scoring'),
  audit: '/api/admin/audit',
  payouts: '/api/admin/payouts',
  payoutPaid: pathOf('/api/admin/payouts/:id/paid'),
  payoutReviewed: pathOf('/api/admin/payouts/:id/reviewed'),
  /** POST: shows the organizer's claim code of an unclaimed prize, with its link and QR (audited). */
  payoutClaimCode: pathOf('/api/admin/payouts/:id/claim-code'),
  /** POST `{ receivedBy }`: the prize was paid in cash at the venue (audited). */
  payoutPaidInCash: pathOf('/api/admin/payouts/:id/paid-in-cash'),
  payoutsCsv: '/api/admin/payouts.csv',
  /** The ledger of money as CSV: `?board=` one board, `?organization=` one organization, `&demo=exclude`. */
  ledgerCsv: '/api/admin/ledger.csv',
  /** Every organization with its totals (the platform's console). */
  orgs: '/api/admin/orgs',
  /** POST `{ reason }`: the platform suspends an organization (audited, its owners emailed). */
  orgSuspend: pathOf('/api/admin/orgs/:org/suspend'),
  /** POST: the platform restores a suspended organization (audited, its owners emailed). */
  orgRestore: pathOf('/api/admin/orgs/:org/restore'),
  /** The live scores feed's games of a league (`?league=`), to pick a board's game from. */
  feedGames: '/api/admin/feed-games',
} as const;
