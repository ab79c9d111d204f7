import { useQuery } from '@tanstack/react-query';
import { Link, useMatches } from 'react-router';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { baseballPageQuery } from '../api';

/** Matchup pages (/dodgers-giants, …): two team cards; a team opens its game player portal. */
export function MatchupPage() {
  const { matchup: slug } = (useMatches().at(-1)?.handle ?? {}) as { matchup?: string };
  const content = useQuery(baseballPageQuery);
  const matchup = content.data?.matchups.find((m) => m.slug === slug);
  const teams = matchup?.teams.map((t) => content.data?.teams.find((team) => team.slug === t));

  return (
    <Page title={matchup?.title ?? 'Matchup'} className="flex flex-col gap-6">
      <BackLink to={paths.baseballGames}>Back to Baseball</BackLink>
      {content.isError ? (
        <LoadFailed message="We couldn't load this matchup." onRetry={() => void content.refetch()} />
      ) : !content.data ? (
        <Skeleton className="h-64" />
      ) : !matchup || !teams ? (
        <p className="text-slate-300">This matchup isn't on the schedule.</p>
      ) : (
        <>
          <header>
            <h1 className="text-3xl font-black text-white sm:text-5xl">{matchup.title}</h1>
            <p className="mt-1 text-slate-300">
              {matchup.date} · {matchup.venue}
            </p>
          </header>
          <ul className="grid gap-4 md:grid-cols-2">
            {teams.map(
              (team) =>
                team && (
                  <li key={team.slug}>
                    <article className="flex h-full flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5">
                      <h2 className="text-xl font-black text-white">
                        <Link to={`/game-player/${team.slug}`} className="hover:text-brand-300 hover:underline">
                          {team.name}
                        </Link>
                      </h2>
                      <span className="text-sm text-slate-300">
                        {team.league} · Season record {team.seasonRecord}
                      </span>
                      <dl className="grid grid-cols-4 gap-2 text-center">
                        {(
                          [
                            ['Runs', team.stats.runs],
                            ['ERA', team.stats.era],
                            ['AVG', team.stats.avg],
                            ['HR', team.stats.hr],
                          ] as const
                        ).map(([label, value]) => (
                          <div key={label} className="rounded-lg bg-ink-900 p-2">
                            <dt className="text-xs text-slate-400">{label}</dt>
                            <dd className="font-bold text-white">{value}</dd>
                          </div>
                        ))}
                      </dl>
                      <ul className="list-disc pl-5 text-sm text-slate-200">
                        {team.accolades.map((a) => (
                          <li key={a}>{a}</li>
                        ))}
                      </ul>
                    </article>
                  </li>
                ),
            )}
          </ul>
        </>
      )}
    </Page>
  );
}
