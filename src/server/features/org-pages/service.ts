import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { PUBLIC_ORG_BOARDS_MAX, type PublicOrg } from '../../../shared/contracts/public-orgs';
import { entryPriceShort } from '../../../shared/domain/boards';
import type { Db } from '../../db/client';
import { boards, games, organization } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { AdminLedger } from '../admin';
import { takingEntriesSql } from '../boards';

/** An organization's public page: who it is, its boards still to play, and what its boards have raised. */
export function createOrgPages(deps: { db: Db; clock: Clock; ledger: Pick<AdminLedger, 'read'> }) {
  const { db, clock, ledger } = deps;
  return {
    /** The page of the organization at `slug`, or null when there is none. */
    async page(slug: string): Promise<PublicOrg | null> {
      const [org] = await db.select().from(organization).where(eq(organization.slug, slug));
      if (!org) return null;
      const now = clock.now();
      const [rows, money] = await Promise.all([
        db
          .select({
            slug: boards.slug,
            league: games.league,
            teamA: games.teamA,
            teamB: games.teamB,
            startsAt: games.startsAt,
            entryRule: boards.entryRule,
            paymentRequired: boards.paymentRequired,
            open: takingEntriesSql(now),
          })
          .from(boards)
          .innerJoin(games, eq(boards.gameId, games.id))
          .where(
            and(
              eq(boards.organizationId, org.id),
              isNull(boards.cancelledAt),
              isNull(boards.voidedAt),
              isNull(boards.settledAt),
              isNull(boards.lockedAt),
              gt(games.startsAt, now),
            ),
          )
          .orderBy(asc(games.startsAt), asc(boards.slug))
          .limit(PUBLIC_ORG_BOARDS_MAX),
        ledger.read('organization page', { organizationId: org.id }),
      ]);
      const t = money.totals;
      return {
        organization: {
          slug: org.slug,
          name: org.name,
          logo: org.logo,
          cause: org.cause,
          contactEmail: org.contactEmail,
          suspended: org.status === 'suspended',
        },
        boards: rows.map((r) => ({
          slug: r.slug,
          league: r.league,
          teamA: r.teamA,
          teamB: r.teamB,
          startsAt: r.startsAt.toISOString(),
          price: entryPriceShort(r.entryRule),
          paymentRequired: r.paymentRequired,
          state: r.open ? 'open' : 'upcoming',
        })),
        raisedCents: t.collected - t.refunded - t.toReturn,
      };
    },
  };
}
export type OrgPages = ReturnType<typeof createOrgPages>;
