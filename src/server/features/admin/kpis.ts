import {
  type AdminDonation,
  type AdminKpis,
  type KpiBoardColumn,
  kpiBoardColumnNames,
} from '../../../shared/contracts/admin';
import type { DemoFilter } from '../../../shared/contracts/ledger';
import {
  emptyLedgerTotals,
  type LedgerRow,
  type LedgerTotals,
  ledgerTotalNames,
  ledgerTotals,
} from '../../../shared/domain/ledger';
import type { Clock } from '../../platform/clock';
import type { AdminLedger } from './ledger';
import { statusOf, teamOf } from './present';
import type { AdminRepo } from './repo';

const CHART_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * The KPI dashboard: totals, per board, per team, and entries per day over the chart's window. Free entries
 * (a sweepstakes board's free method of entry) and paid entries (with a money amount) are counted apart;
 * what counts, and how raised, prizes and kept are reckoned, is the admin repo's one rule.
 */
export function createAdminKpis(deps: { repo: AdminRepo; clock: Clock; ledger: AdminLedger }) {
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
     * The KPIs under one rule (features/admin/repo.ts), of every board or of all but the demo boards: each
     * board's entry columns from the database and its money columns from its ledger, and the totals as their
     * sums, so the totals and the per-board table agree in every state. The ledger's one assertion runs on
     * the totals shown: what it finds is logged and listed for the page to warn of.
     */
    async kpis(query: { demo: DemoFilter } = { demo: 'include' }): Promise<AdminKpis> {
      const now = clock.now();
      const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const since = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
      const scope = { excludeDemo: query.demo === 'exclude' };
      const [{ perBoard: boardRows, perTeam, overTime }, monthly, donations, needsReview, rows] = await Promise.all([
        repo.kpis(since, scope),
        repo.monthlyKpis(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
        repo.donationTotals(),
        repo.prizesNeedingReview(scope),
        deps.ledger.rows(scope),
      ]);
      const rowsOf = new Map<string | null, LedgerRow[]>();
      for (const r of rows) {
        const own = rowsOf.get(r.board);
        if (own) own.push(r);
        else rowsOf.set(r.board, [r]);
      }
      // A board is listed once it has an entry of any kind (counted, held or of a cancelled board), a prize, or
      // any money fact in its ledger.
      const perBoard = boardRows
        .filter((b) => b.entries + b.heldEntries + b.cancelledEntries > 0 || rowsOf.has(b.slug))
        .map((b) => {
          const ledger = ledgerTotals(rowsOf.get(b.slug) ?? []);
          const prizesCents = ledger.prizesPaid + ledger.prizesOwed;
          const columns: Record<KpiBoardColumn, number> = {
            entries: b.entries,
            freeEntries: b.freeEntries,
            paidEntries: b.paidEntries,
            amountCents: b.amountCents,
            collectedCents: b.collectedCents,
            outstandingCents: b.amountCents - b.collectedCents,
            raisedCents: ledger.kept + prizesCents + ledger.fees,
            prizesCents,
            keptCents: ledger.kept,
            heldEntries: b.heldEntries,
            cancelledEntries: b.cancelledEntries,
            refundedCents: ledger.refunded,
            toReturnCents: ledger.toReturn,
          };
          return {
            slug: b.slug,
            team: teamOf(b),
            status: statusOf(b, b, now),
            organization: b.organization,
            demo: b.demo,
            ...columns,
            ledger,
          };
        });
      const totals = Object.fromEntries(
        kpiBoardColumnNames.map((c) => [c, perBoard.reduce((sum, b) => sum + b[c], 0)]),
      ) as Record<KpiBoardColumn, number>;
      // The ledger shown: the listed boards' ledgers summed, and any payment whose board cannot be told.
      const shownLedger = [...perBoard.map((b) => b.ledger), ledgerTotals(rowsOf.get(null) ?? [])].reduce(
        (sum: LedgerTotals, t) => {
          for (const n of ledgerTotalNames) sum[n] += t[n];
          return sum;
        },
        emptyLedgerTotals(),
      );
      const ledgerProblems = deps.ledger.check('KPIs', rows, shownLedger);
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
          prizesOwedCents: shownLedger.prizesOwed,
          prizesPaidCents: shownLedger.prizesPaid,
          prizesGivenBackCents: shownLedger.prizesGivenBack,
          prizesNeedingReview: needsReview,
          ledger: shownLedger,
        },
        demo: query.demo,
        ledgerProblems,
        donations,
        perBoard,
        perTeam: perTeam.map((t) => ({ team: t.team, entries: t.n, amountCents: t.total })),
        overTime: days,
        monthly,
      };
    },
  };
}
