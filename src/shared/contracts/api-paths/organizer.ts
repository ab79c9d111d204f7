import { pathOf } from './pattern';

/**
 * The organizer API: the admin API's board operations inside one organization, under `/api/orgs/:org` (the
 * organization's slug). Each route needs the permission its role grants (shared/domain/org-roles.ts): 403 to a
 * member without it, 404 to anyone outside the organization and for a board, entry or prize of another one.
 */
export const organizerPaths = {
  kpis: pathOf('/api/orgs/:org/kpis'),
  donations: pathOf('/api/orgs/:org/donations'),
  /** GET lists entries a page at a time; POST adds one (the organizer's own entry). */
  entries: pathOf('/api/orgs/:org/entries'),
  entry: pathOf('/api/orgs/:org/entries/:id'),
  /** POST marks the pledge collected; DELETE undoes it. */
  entryPaid: pathOf('/api/orgs/:org/entries/:id/paid'),
  entryRefund: pathOf('/api/orgs/:org/entries/:id/refund'),
  entryReturned: pathOf('/api/orgs/:org/entries/:id/returned'),
  entriesPaid: pathOf('/api/orgs/:org/entries/paid'),
  entriesImport: pathOf('/api/orgs/:org/entries/import'),
  entriesCsv: pathOf('/api/orgs/:org/entries.csv'),
  /** GET lists the organization's boards; POST creates one (today's admin body without `organization`). */
  boards: pathOf('/api/orgs/:org/boards'),
  board: pathOf('/api/orgs/:org/boards/:slug'),
  boardLock: pathOf('/api/orgs/:org/boards/:slug/lock'),
  boardCancel: pathOf('/api/orgs/:org/boards/:slug/cancel'),
  boardVoid: pathOf('/api/orgs/:org/boards/:slug/void'),
  boardEndPreview: pathOf('/api/orgs/:org/boards/:slug/end-preview'),
  boardOpen: pathOf('/api/orgs/:org/boards/:slug/open'),
  boardScores: pathOf('/api/orgs/:org/boards/:slug/scores'),
  boardScoresPreview: pathOf('/api/orgs/:org/boards/:slug/scores/preview'),
  boardResultConfirm: pathOf('/api/orgs/:org/boards/:slug/results/:period/confirm'),
  boardScoring: pathOf('/api/orgs/:org/boards/:slug/scoring'),
  audit: pathOf('/api/orgs/:org/audit'),
  ledgerCsv: pathOf('/api/orgs/:org/ledger.csv'),
  payouts: pathOf('/api/orgs/:org/payouts'),
  payoutPaid: pathOf('/api/orgs/:org/payouts/:id/paid'),
  payoutReviewed: pathOf('/api/orgs/:org/payouts/:id/reviewed'),
  payoutClaimCode: pathOf('/api/orgs/:org/payouts/:id/claim-code'),
  payoutPaidInCash: pathOf('/api/orgs/:org/payouts/:id/paid-in-cash'),
  payoutsCsv: pathOf('/api/orgs/:org/payouts.csv'),
  feedGames: pathOf('/api/orgs/:org/feed-games'),
} as const;
