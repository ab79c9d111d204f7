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
  /** POST `{ ids }`: marks many pledges collected at once. */
  entriesPaid: '/api/admin/entries/paid',
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
  payoutsCsv: '/api/admin/payouts.csv',
} as const;
