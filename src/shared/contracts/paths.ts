/**
 * API paths, free of runtime dependencies so the web bundle can import them without pulling in zod.
 * Each feature's contract file re-exports its own group.
 */
export const apiPaths = {
  health: '/api/health',
  content: {
    home: '/api/content/home',
    sportsHub: '/api/content/sports-hub',
    faq: '/api/content/faq',
    page: (slug: string) => `/api/content/pages/${encodeURIComponent(slug)}`,
  },
  scores: {
    ticker: '/api/scores/ticker',
    nflPreseason: '/api/scores/nfl-preseason',
    mlb: '/api/scores/mlb',
  },
  baseball: { customEntries: '/api/baseball/custom-entries' },
  payments: {
    webhook: '/api/payments/webhook',
    localSession: (id: string) => `/api/payments/local/${encodeURIComponent(id)}`,
    localPay: (id: string) => `/api/payments/local/${encodeURIComponent(id)}/pay`,
    localCancel: (id: string) => `/api/payments/local/${encodeURIComponent(id)}/cancel`,
    sessionDonation: (sessionId: string) => `/api/payments/sessions/${encodeURIComponent(sessionId)}/donation`,
    session: (sessionId: string) => `/api/payments/sessions/${encodeURIComponent(sessionId)}`,
  },
  donations: {
    checkout: '/api/donations/checkout',
    one: (reference: string) => `/api/donations/${encodeURIComponent(reference)}`,
  },
  tips: {
    checkout: '/api/tips/checkout',
    one: (reference: string) => `/api/tips/${encodeURIComponent(reference)}`,
  },
  affiliateClicks: '/api/affiliate-clicks',
  partners: {
    inquiries: '/api/partners/inquiries',
    submissions: (partnerId: string) => `/api/partners/${encodeURIComponent(partnerId)}/submissions`,
    confirmation: (submissionId: string) =>
      `/api/partners/submissions/${encodeURIComponent(submissionId)}/confirmation`,
    logos: '/api/partners/logos',
  },
  /** Stored uploads (logos) are served from here, outside /api. */
  uploads: (name: string) => `/uploads/${encodeURIComponent(name)}`,
  auth: '/api/auth',
  me: '/api/me',
  adminGate: {
    status: '/api/admin-gate',
    passcode: '/api/admin-gate/passcode',
    phrase: '/api/admin-gate/phrase',
    signOut: '/api/admin-gate/sign-out',
  },
  admin: {
    session: '/api/admin/session',
    kpis: '/api/admin/kpis',
    entries: '/api/admin/entries',
    entry: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}`,
    entryPaid: (id: string) => `/api/admin/entries/${encodeURIComponent(id)}/paid`,
    loginAttempts: '/api/admin/login-attempts',
    entriesCsv: '/api/admin/exports/game-entries.csv',
    loginAttemptsCsv: '/api/admin/exports/login-attempts.csv',
    boards: '/api/admin/boards',
    board: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}`,
    boardLock: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/lock`,
    boardCancel: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/cancel`,
    boardScores: (slug: string) => `/api/admin/boards/${encodeURIComponent(slug)}/scores`,
    audit: '/api/admin/audit',
  },
  devMail: '/api/dev/mail',
  board: (slug: string) => `/api/boards/${encodeURIComponent(slug)}`,
  entryLookup: '/api/entries/lookup',
  entryCommitment: '/api/entries/commitment',
  entrySummary: '/api/entries/summary',
  boardEntries: (slug: string) => `/api/boards/${encodeURIComponent(slug)}/entries`,
  trackedGames: {
    list: '/api/me/tracked-games',
    one: (id: string) => `/api/me/tracked-games/${encodeURIComponent(id)}`,
  },
  /** Fan Central (docs/product.md#fan-central): the signed-in fan's own profile, favorites, trophy case and gaming profiles. */
  fanProfile: {
    profile: '/api/me/fan-profile',
    card: '/api/me/fan-profile/card',
    favorites: (list: string) => `/api/me/fan-profile/favorites/${encodeURIComponent(list)}`,
    favorite: (list: string, value: string) =>
      `/api/me/fan-profile/favorites/${encodeURIComponent(list)}/${encodeURIComponent(value)}`,
    trophies: '/api/me/fan-profile/trophies',
    trophy: (id: string) => `/api/me/fan-profile/trophies/${encodeURIComponent(id)}`,
  },
  gamingProfile: {
    profile: '/api/me/gaming-profile',
    handles: '/api/me/gaming-profile/handles',
    importFromPage: '/api/me/gaming-profile/import-from-page',
    achievements: '/api/me/gaming-profile/achievements',
    achievement: (id: string) => `/api/me/gaming-profile/achievements/${encodeURIComponent(id)}`,
    trophies: '/api/me/gaming-profile/trophies',
    trophy: (id: string) => `/api/me/gaming-profile/trophies/${encodeURIComponent(id)}`,
  },
  gamingPageProfile: '/api/me/gaming-page-profile',
  localImport: '/api/me/local-import',
  /** A visitor's entries (by the tickets this browser holds) linked to the signed-in account. */
  entryLinks: '/api/me/entry-links',
} as const;
