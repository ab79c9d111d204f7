import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Clock, MapPin, Megaphone, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { FinalsGame, FinalsTeam, NbaFinalsPage } from '../../../../shared/contracts/pages/nba-finals';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { parseGameParam, teamPlayerSlug } from '../../../../shared/domain/finals';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useCyclingIndex } from '../../../lib/motion';
import { pageContentQuery } from '../../../lib/page-content';
import { AveragesGrid, averageRows, RowTh, TableScroller, Td, Th } from '../components/finals-parts';

/**
 * The preview's background cycles through 5 colours every second. All are dark enough that the
 * page's white and slate-300 text keeps AA contrast on each (checked by the browser suite).
 */
const backdrops = ['bg-ink-900', 'bg-blue-950', 'bg-orange-950', 'bg-indigo-950', 'bg-yellow-950'] as const;
const BACKDROP_MS = 1000;

function Backdrop({ children }: { children: ReactNode }) {
  const index = useCyclingIndex(backdrops.length, BACKDROP_MS);
  return (
    <div
      data-testid="finals-preview-backdrop"
      className={cn('h-full transition-colors duration-700 motion-reduce:transition-none', backdrops[index])}
    >
      {children}
    </div>
  );
}

const previewPath = (game: number) => `${paths.finalsPlayer}/${game}`;

function PreviewNav({ games, current }: { games: readonly FinalsGame[]; current?: number }) {
  return (
    <nav aria-label="Game previews">
      <ul className="flex flex-wrap gap-2">
        {games
          .filter((g) => g.preview)
          .map((g) => (
            <li key={g.number}>
              <Link
                to={previewPath(g.number)}
                aria-current={g.number === current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-11 items-center rounded-xl border px-4 text-sm font-semibold',
                  g.number === current
                    ? 'border-brand-400 bg-brand-500 text-ink-950'
                    : 'border-ink-600 bg-ink-850 text-slate-100 hover:border-brand-400',
                )}
              >
                Game {g.number}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

function NoPreview({ page }: { page: NbaFinalsPage | undefined }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <SearchX aria-hidden="true" className="size-12 text-brand-400" />
      <h1 className="text-3xl font-black text-white">No preview for that game</h1>
      <p className="max-w-xl text-slate-200">
        There is no preview for that game number. Previews cover games 1 to 5 of the NBA Finals.
      </p>
      {page && <PreviewNav games={page.games} />}
      <ButtonLink to={paths.nbaFinals}>See all Finals games</ButtonLink>
    </div>
  );
}

function TeamCard({ team }: { team: FinalsTeam }) {
  const headingId = `team-${team.id}`;
  return (
    // The team name is the card's link; its ::after covers the whole card, so clicking anywhere on the
    // card opens the portal while screen readers hear only the team name.
    <article
      aria-labelledby={headingId}
      className="relative flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5 shadow-xl shadow-black/20 transition-colors hover:border-brand-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400"
    >
      <div>
        <h2 id={headingId} className="text-xl font-black text-white">
          <Link
            to={`${paths.gamePlayer}/${teamPlayerSlug(team.name)}`}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
          >
            {team.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-300">
          {team.conference} Conference · {team.seasonRecord} regular season
        </p>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-bold tracking-wide text-brand-300 uppercase">Season averages</h3>
        <AveragesGrid averages={team.seasonAverages} />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-bold tracking-wide text-brand-300 uppercase">Accolades</h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-200">
          {team.accolades.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </div>
      <p className="text-sm font-semibold text-brand-300">Open the game player portal →</p>
    </article>
  );
}

function PlayoffAverages({ page }: { page: NbaFinalsPage }) {
  const [a, b] = page.teams;
  return (
    <PageSection id="playoff" title="Playoff Averages" className="flex flex-col gap-4">
      <TableScroller label="Playoff averages">
        <table className="w-full min-w-[22rem] text-sm">
          <caption className="sr-only">
            Playoff averages of the {a.name} and the {b.name}
          </caption>
          <thead>
            <tr className="border-b border-ink-700">
              <Th>Stat</Th>
              <Th className="text-right">{a.name}</Th>
              <Th className="text-right">{b.name}</Th>
            </tr>
          </thead>
          <tbody>
            {averageRows.map((row) => (
              <tr key={row.abbr} className="border-b border-ink-800 last:border-0">
                <RowTh>{row.label}</RowTh>
                <Td className="text-right">{row.value(a.playoffAverages)}</Td>
                <Td className="text-right">{row.value(b.playoffAverages)}</Td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </PageSection>
  );
}

function Preview({ page, game }: { page: NbaFinalsPage; game: FinalsGame }) {
  return (
    <>
      <header className="flex flex-col gap-3">
        <p className="text-sm font-bold tracking-wide text-brand-300 uppercase">{page.series.title} · Game preview</p>
        <h1 className="text-3xl font-black text-white sm:text-5xl">Game {game.number} Preview</h1>
        <p className="text-lg text-slate-200">
          {page.teams[0].name} vs {page.teams[1].name}
        </p>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-slate-100">
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-brand-300" />
            <dt className="sr-only">Date</dt>
            <dd>{formatCalendarDay(game.date, { weekday: true })}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-brand-300" />
            <dt className="sr-only">Time</dt>
            <dd>{game.time}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 text-brand-300" />
            <dt className="sr-only">Location</dt>
            <dd>
              {game.venue}, {game.city}
            </dd>
          </div>
        </dl>
        {game.preview && <p className="max-w-3xl text-slate-200">{game.preview.storyline}</p>}
      </header>

      <PreviewNav games={page.games} current={game.number} />

      <PageSection id="teams" title="Teams" headingClassName="sr-only">
        <div className="grid gap-4 md:grid-cols-2">
          {page.teams.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      </PageSection>

      <PageSection id="analysis" title={page.analysis.title} className="flex flex-col gap-4">
        {page.analysis.paragraphs.map((p) => (
          <p key={p} className="max-w-3xl text-slate-200">
            {p}
          </p>
        ))}
        <ul className="grid gap-4 md:grid-cols-3">
          {page.analysis.keys.map((key) => (
            <li key={key.title}>
              <Card className="h-full">
                <h3 className="font-bold text-white">{key.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{key.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <PlayoffAverages page={page} />

      <section
        aria-labelledby="sponsored-heading"
        className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-brand-400/50 bg-ink-850 p-5"
      >
        <p className="inline-flex items-center gap-2 text-xs font-bold tracking-wide text-slate-300 uppercase">
          <Megaphone aria-hidden="true" className="size-4" /> Sponsored content · {page.sponsored.sponsor}
        </p>
        <h2 id="sponsored-heading" className="text-xl font-black text-white">
          {page.sponsored.title}
        </h2>
        <p className="max-w-3xl text-slate-300">{page.sponsored.body}</p>
        <ButtonLink to={page.sponsored.link.href} variant="outline">
          {page.sponsored.link.label}
        </ButtonLink>
      </section>
    </>
  );
}

/** Finals player: a game preview (games 1-5) at /finals-player/:game; no number means game 1. */
export function FinalsPreviewPage() {
  const number = parseGameParam(useParams().game);
  const content = useQuery(pageContentQuery('nba-finals'));
  const game = number === null ? undefined : content.data?.games.find((g) => g.number === number && g.preview);
  const missing = number === null || (content.data && !game);
  const title = missing ? 'No game preview' : `NBA Finals Game ${number} preview`;

  return (
    <Backdrop>
      <Page title={title} className="flex flex-col gap-10">
        <BackLink to={paths.nbaFinals}>Back to NBA Finals</BackLink>
        {missing ? (
          <NoPreview page={content.data} />
        ) : content.isError ? (
          <>
            <h1 className="text-3xl font-black text-white">Game {number} Preview</h1>
            <LoadFailed message="We couldn't load this game preview." onRetry={() => void content.refetch()} />
          </>
        ) : !content.data || !game ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <h1 className="text-3xl font-black text-white sm:text-5xl">Game {number} Preview</h1>
            <Skeleton className="h-32" />
            <Skeleton className="h-80" />
          </div>
        ) : (
          <Preview page={content.data} game={game} />
        )}
      </Page>
    </Backdrop>
  );
}
