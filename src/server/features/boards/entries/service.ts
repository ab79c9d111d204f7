import type { EntrySummary } from '../../../../shared/contracts/board-responses';
import type { BoardContext } from '../board-context';
import type { BoardEnds } from '../ends';
import { createFanEntries, type FanEntriesSql } from './fan-entries';
import { createLinksAndPledges, type LinksAndPledgesSql } from './links-and-pledges';
import { createOrganizerEntries, type OrganizerEntriesSql } from './organizer-entries';
import { createPlacement, type PlacementSql } from './placement';
import { createSettlement, type SettlementSql } from './settlement';

/** The SQL the entries part uses (entries/claims-repo.ts, entries/repo.ts and the shared reads). */
export type EntriesSql = PlacementSql & FanEntriesSql & SettlementSql & OrganizerEntriesSql & LinksAndPledgesSql;

/**
 * The entries part of the boards service: a fan's entry and an organizer's, placed on the board, settled by
 * its payment, linked to an account and pledged on.
 */
export function createEntries(
  ctx: BoardContext,
  repo: EntriesSql,
  parts: { ends: Pick<BoardEnds, 'keepPayerEmail'>; summary: (ticketNumber: string) => Promise<EntrySummary> },
) {
  const placement = createPlacement(ctx, repo);
  return {
    ...createSettlement(ctx, repo, parts.ends),
    ...createFanEntries(ctx, repo, placement),
    ...createOrganizerEntries(ctx, repo, placement),
    ...createLinksAndPledges(ctx, repo, parts.summary),
  };
}
