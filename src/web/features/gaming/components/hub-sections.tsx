import { BookOpenCheck, CalendarDays, Crosshair, Gamepad2, MonitorPlay } from 'lucide-react';
import type { GameRelease, GamingPage } from '../../../../shared/contracts/pages/gaming';
import type { GamingCatalog } from '../../../../shared/contracts/pages/gaming-catalog';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { formatDateRange, releaseLabel } from '../../../../shared/domain/gaming';
import { formatCents } from '../../../../shared/domain/money';
import { useNow } from '../../../components/clocks';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { TournamentCard } from './tournament-card';

// The gaming hub's lists below its top (tournaments, releases, guides, and the esports calendar): one
// chunk that the hub loads once its top has painted, so the date, money and tab code that only these
// lists use is not among the requests the hub's first paint waits for.
export { EsportsCalendar } from './esports-calendar';

const guideIcons: Record<string, typeof Gamepad2> = { steam: MonitorPlay, epic: Gamepad2, consoles: Crosshair };

export function TournamentList({ tournaments }: { tournaments: GamingCatalog['tournaments'] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {tournaments.map((t) => (
        <TournamentCard key={t.slug} tournament={t}>
          <span className="text-sm text-slate-300">
            {t.game} · {t.location}
          </span>
          <span className="flex items-center gap-1.5 text-sm text-slate-300">
            <CalendarDays aria-hidden="true" className="size-4" /> {formatDateRange(t.startDate, t.endDate)}
          </span>
        </TournamentCard>
      ))}
    </ul>
  );
}

export function ReleaseList({ releases }: { releases: readonly GameRelease[] }) {
  // The label depends on today's date (docs/product.md#gaming-hub); re-read every minute so it flips at midnight.
  const now = useNow(60_000);
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="July 2025 releases">
      {releases.map((release) => {
        const label = releaseLabel(release.releaseDate, now);
        return (
          <li
            key={release.id}
            aria-labelledby={`release-${release.id}`}
            className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-850 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 id={`release-${release.id}`} className="font-bold text-white">
                {release.name}
              </h3>
              <span
                data-testid="release-label"
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  label === 'Pre-Order' ? 'bg-brand-500 text-ink-950' : 'bg-emerald-800 text-white',
                )}
              >
                {label}
              </span>
            </div>
            <p className="text-sm text-slate-300">
              <time dateTime={release.releaseDate}>{formatCalendarDay(release.releaseDate)}</time> · {release.genre} ·
              Rated {release.rating}
            </p>
            <p className="text-sm text-slate-300">{release.platforms.join(', ')}</p>
            <p className="font-semibold text-white">
              {release.priceCents === 0 ? 'Free to play' : formatCents(release.priceCents)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function Guides({ guides }: { guides: GamingPage['achievementGuides'] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {guides.map((guide) => {
        const IconFor = guideIcons[guide.id] ?? BookOpenCheck;
        return (
          <li key={guide.id}>
            <Card className="flex h-full flex-col gap-3">
              <CardTitle className="flex items-center gap-2">
                <IconFor aria-hidden="true" className="size-5 text-brand-400" /> {guide.platform}
              </CardTitle>
              <p className="text-sm text-slate-300">{guide.summary}</p>
              <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm text-slate-200">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <p className="mt-auto rounded-lg bg-ink-900 p-3 text-sm text-slate-300">
                <strong className="text-brand-300">Tip:</strong> {guide.tip}
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
