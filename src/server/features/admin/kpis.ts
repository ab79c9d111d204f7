import {
  type AdminDonation,
  type AdminKpis,
  type KpiBoardColumn,
  kpiBoardColumnNames,
} from '../../../shared/contracts/admin';
import type { Clock } from '../../platform/clock';
import { statusOf, teamOf } from './present';
import type { AdminRepo } from './repo';

const CHART_DAYS = 60;
const DAY_MS = 86_400_000;

/** The prize ledger's totals the KPIs show (a port on the prizes feature; without it they read 0). */
export interface PrizeLedgerTotals {
  owedCents: number;
  paidCents: number;
  givenBackCents: number;
  needsReviewCount: number;
}

/**
 * The KPI dashboard: totals, per board, per team, and entries per day over the chart's window. Free entries
 * (a sweepstakes board's free method of entry) and paid entries (with a money amount) are counted apart;
 * what counts, and how raised, prizes and kept are reckoned, is the admin repo's one rule.
 */
export function createAdminKpis(deps: {
  repo: AdminRepo;
  clock: Clock;
  prizeTotals?: () => Promise<PrizeLedgerTotals>;
}) {
  const { repo, clock } = deps;
  return {
    /** Donations newest first, each with its monthly gift's state (docs/product.md#admin-screens). */
    async donations(query: { state?: 'active' | 'past_due' | 'cancelled' | undefined; limit: number }): Promise<{
      donations: AdminDonation[];
    }> {
      const rows = await repo.donationsPage(query);
      return {
        donations: rows.map((r) => {
          const g = r.donation.gameData as { organization?: string; title?: string };
          return {
            reference: r.donation.reference,
            kind: r.donation.kind,
            type: r.donation.type,
            organization: g.organization || g.title || 'FanGrid',
            amountCents: r.donation.amountCents,
            donorName: r.donation.donorName,
            donorEmail: r.donation.donorEmail,
            status: r.donation.status,
            createdAt: r.donation.createdAt.toISOString(),
            gift: r.gift
              ? {
                  state: r.gift.status,
                  amountCents: r.gift.amountCents,
                  cancelAtPeriodEnd: r.gift.cancelAtPeriodEnd,
                  nextChargeAt:
                    r.gift.status === 'cancelled' || r.gift.cancelAtPeriodEnd
                      ? null
                      : r.gift.currentPeriodEnd.toISOString(),
                  paidCharges: r.paidCharges,
                  paidCents: r.paidCents,
                }
              : null,
          };
        }),
      };
    },

    /**
     * The KPIs under one rule (features/admin/repo.ts): each board's columns from the database, and the
     * totals as their sums, so the totals and the per-board table agree in every state.
     */
    async kpis(): Promise<AdminKpis> {
      const now = clock.now();
      const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const since = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
      const { perBoard: boardRows, perTeam, overTime } = await repo.kpis(since);
      const monthly = await repo.monthlyKpis(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
      const prizes = deps.prizeTotals
        ? await deps.prizeTotals()
        : { owedCents: 0, paidCents: 0, givenBackCents: 0, needsReviewCount: 0 };
      // A board is listed once it has an entry of any kind (counted, held or of a cancelled board) or a prize.
      const perBoard = boardRows
        .filter((b) => b.entries + b.heldEntries + b.cancelledEntries > 0 || b.prizesCents > 0)
        .map((b) => {
          const columns: Record<KpiBoardColumn, number> = {
            entries: b.entries,
            freeEntries: b.freeEntries,
            paidEntries: b.paidEntries,
            amountCents: b.amountCents,
            collectedCents: b.collectedCents,
            outstandingCents: b.amountCents - b.collectedCents,
            raisedCents: b.collectedCents,
            prizesCents: b.prizesCents,
            keptCents: b.collectedCents - b.prizesCents,
            heldEntries: b.heldEntries,
            cancelledEntries: b.cancelledEntries,
            refundedCents: b.refundedCents,
            toReturnCents: b.toReturnCents,
          };
          return { slug: b.slug, team: teamOf(b), status: statusOf(b, b, now), ...columns };
        });
      const totals = Object.fromEntries(
        kpiBoardColumnNames.map((c) => [c, perBoard.reduce((sum, b) => sum + b[c], 0)]),
      ) as Record<KpiBoardColumn, number>;
      // One point per day from the first entry in the window to today, days without entries included.
      const byDay = new Map(overTime.map((d) => [d.day, d]));
      const first = overTime[0]?.day;
      const days: AdminKpis['overTime'] = [];
      if (first) {
        for (let t = new Date(`${first}T00:00:00Z`).getTime(); t <= today.getTime(); t += DAY_MS) {
          const day = new Date(t).toISOString().slice(0, 10);
          const found = byDay.get(day);
          days.push({ day, entries: found?.n ?? 0, amountCents: found?.total ?? 0 });
        }
      }
      return {
        totals: {
          ...totals,
          boards: perBoard.filter((b) => b.entries > 0).length,
          prizesOwedCents: prizes.owedCents,
          prizesPaidCents: prizes.paidCents,
          prizesGivenBackCents: prizes.givenBackCents,
          prizesNeedingReview: prizes.needsReviewCount,
        },
        perBoard,
        perTeam: perTeam.map((t) => ({ team: t.team, entries: t.n, amountCents: t.total })),
        overTime: days,
        monthly,
      };
    },
  };
}
