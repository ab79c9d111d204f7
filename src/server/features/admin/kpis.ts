import type { AdminKpis } from '../../../shared/contracts/admin';
import type { Clock } from '../../platform/clock';
import { statusOf, teamOf } from './present';
import type { AdminRepo } from './repo';

const CHART_DAYS = 60;
const DAY_MS = 86_400_000;

/** The KPI dashboard: totals, per board, per team, and entries per day over the chart's window. */
export function createAdminKpis(deps: { repo: AdminRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async kpis(): Promise<AdminKpis> {
      const now = clock.now();
      const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
      const since = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
      const { totals, perBoard, perTeam, overTime } = await repo.kpis(since);
      const amountCents = totals?.total ?? 0;
      const collectedCents = totals?.collected ?? 0;
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
          entries: totals?.n ?? 0,
          amountCents,
          collectedCents,
          outstandingCents: amountCents - collectedCents,
          boards: totals?.boards ?? 0,
        },
        perBoard: perBoard
          .filter((b) => b.n > 0)
          .map((b) => ({
            slug: b.slug,
            team: teamOf(b),
            status: statusOf(b, b.startsAt, now),
            entries: b.n,
            amountCents: b.total,
          })),
        perTeam: perTeam.map((t) => ({ team: t.team, entries: t.n, amountCents: t.total })),
        overTime: days,
      };
    },
  };
}
