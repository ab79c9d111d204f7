import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { adminPaths } from '../../../shared/contracts/api-paths/admin';
import { organizerPaths } from '../../../shared/contracts/api-paths/organizer';
import { type OrgPermission, type OrgRole, orgCan } from '../../../shared/domain/org-roles';
import { adminStatusQuery } from './gate-api';

type OneParam = (param: string) => string;

/** The board operations' paths of one API: the platform admin's, or one organization's organizer API. */
export interface BoardOpsPaths {
  kpis: string;
  entries: string;
  entry: OneParam;
  entryPaid: OneParam;
  entryRefund: OneParam;
  entryReturned: OneParam;
  entriesPaid: string;
  entriesImport: string;
  entriesCsv: string;
  ledgerCsv: string;
  boards: string;
  board: OneParam;
  boardLock: OneParam;
  boardCancel: OneParam;
  boardVoid: OneParam;
  boardEndPreview: OneParam;
  boardOpen: OneParam;
  boardScores: OneParam;
  boardScoresPreview: OneParam;
  boardResultConfirm: (slug: string, period: string) => string;
  boardScoring: OneParam;
  audit: string;
  payouts: string;
  payoutPaid: OneParam;
  payoutReviewed: OneParam;
  payoutClaimCode: OneParam;
  payoutPaidInCash: OneParam;
  payoutsCsv: string;
  feedGames: string;
}

/**
 * The API the board screens talk to: its paths, the query key all its reads start with (a change refetches
 * them all), what the signed-in person may do there, and what a 401 means.
 */
export interface BoardOpsApi {
  paths: BoardOpsPaths;
  key: readonly string[];
  /** The organization's slug when this is one organization's API: its new boards are the organization's. */
  organization: string | null;
  /** Whether an action is shown: the server answers 403 to a role without the permission. */
  can: (permission: OrgPermission) => boolean;
  onUnauthorized: (client: QueryClient) => void;
}

/** The platform admin's API: every action, and a 401 (the admin session ended) asks the gate again. */
export const adminBoardOpsApi: BoardOpsApi = {
  paths: adminPaths,
  key: ['admin'],
  organization: null,
  can: () => true,
  onUnauthorized: (client) => {
    void client.invalidateQueries({ queryKey: adminStatusQuery.queryKey });
  },
};

/** One organization's organizer API, for a member with `role`: each action only where the role allows it. */
export function organizerBoardOpsApi(org: string, role: OrgRole): BoardOpsApi {
  const o = organizerPaths;
  const one =
    (path: (org: string, param: string) => string): OneParam =>
    (param) =>
      path(org, param);
  return {
    paths: {
      kpis: o.kpis(org),
      entries: o.entries(org),
      entry: one(o.entry),
      entryPaid: one(o.entryPaid),
      entryRefund: one(o.entryRefund),
      entryReturned: one(o.entryReturned),
      entriesPaid: o.entriesPaid(org),
      entriesImport: o.entriesImport(org),
      entriesCsv: o.entriesCsv(org),
      ledgerCsv: o.ledgerCsv(org),
      boards: o.boards(org),
      board: one(o.board),
      boardLock: one(o.boardLock),
      boardCancel: one(o.boardCancel),
      boardVoid: one(o.boardVoid),
      boardEndPreview: one(o.boardEndPreview),
      boardOpen: one(o.boardOpen),
      boardScores: one(o.boardScores),
      boardScoresPreview: one(o.boardScoresPreview),
      boardResultConfirm: (slug, period) => o.boardResultConfirm(org, slug, period),
      boardScoring: one(o.boardScoring),
      audit: o.audit(org),
      payouts: o.payouts(org),
      payoutPaid: one(o.payoutPaid),
      payoutReviewed: one(o.payoutReviewed),
      payoutClaimCode: one(o.payoutClaimCode),
      payoutPaidInCash: one(o.payoutPaidInCash),
      payoutsCsv: o.payoutsCsv(org),
      feedGames: o.feedGames(org),
    },
    key: ['org-console', org],
    organization: org,
    can: (permission) => orgCan(role, permission),
    onUnauthorized: () => {},
  };
}

/** The API of the board screens below; the admin API unless an organization's screen provides its own. */
export const BoardOpsApiContext = createContext<BoardOpsApi>(adminBoardOpsApi);

export const useBoardOpsApi = () => useContext(BoardOpsApiContext);
