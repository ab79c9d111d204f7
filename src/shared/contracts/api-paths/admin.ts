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
  entry: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}`,
  /** POST marks the pledge collected; DELETE undoes it. */
  entryPaid: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}/paid`,
  /** POST 'Refund': refunds the entry's checkout payment and keeps it listed, its cells free. */
  entryRefund: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}/refund`,
  /** POST 'Returned': the entry's cash to return was handed back. */
  entryReturned: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}/returned`,
  /** POST `{ ids }`: marks many pledges collected at once. */
  entriesPaid: '/api/admin/entries/paid',
  /** POST `{ boardSlug, csv }`: adds a CSV file's entries, all or nothing. */
  entriesImport: '/api/admin/entries/import',
  loginAttempts: '/api/admin/login-attempts',
  entriesCsv: '/api/admin/exports/game-entries.csv',
  loginAttemptsCsv: '/api/admin/exports/login-attempts.csv',
  boards: '/api/admin/boards',
  board: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}`,
  boardLock: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/lock`,
  boardCancel: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/cancel`,
  /** POST `{ reason }`: voids a board once a period is scored (its scored prizes stand). */
  boardVoid: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/void`,
  /** What cancelling, locking or voiding the board would do now: the confirmation dialogs' figures. */
  boardEndPreview: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/end-preview`,
  /** 'Open now': opens a scheduled board early. */
  boardOpen: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/open`,
  boardScores: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/scores`,
  /** The same body as boardScores; answers the old and new winner without saving. */
  boardScoresPreview: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/scores/preview`,
  boardResultConfirm: (slug: string, period: string) =>
    `/api/admin/boards/${encodeURIComponent(slug)}/results/${encodeURIComponent(period)}/confirm`,
  boardScoring: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/scoring`,
  audit: '/api/admin/audit',
  payouts: '/api/admin/payouts',
  payoutPaid: (id: string) => `/api/admin/payouts/${encodeURIComponent(id)}/paid`,
  payoutReviewed: (id: string) => `/api/admin/payouts/${encodeURIComponent(id)}/reviewed`,
  /** POST: shows the organizer's claim code of an unclaimed prize, with its link and QR (audited). */
  payoutClaimCode: (id: string) => `/api/admin/payouts/${encodeURIComponent(id)}/claim-code`,
  /** POST `{ receivedBy }`: the prize was paid in cash at the venue (audited). */
  payoutPaidInCash: (id: string) => `/api/admin/payouts/${encodeURIComponent(id)}/paid-in-cash`,
  payoutsCsv: '/api/admin/payouts.csv',
  /** The ledger of money as CSV: `?board=` one board, `?organization=` one organization, `&demo=exclude`. */
  ledgerCsv: '/api/admin/ledger.csv',
} as const;
