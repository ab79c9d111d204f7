import { useQuery } from '@tanstack/react-query';
import { Award, PlayCircle, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { NbaFinalsPage as FinalsContent } from '../../../../shared/contracts/pages/nba-finals';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { seriesScore } from '../../../../shared/domain/finals';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed, Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCard, LinkCardArrow } from '../../../components/link-card';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { pageContentQuery } from '../../../lib/page-content';
import { RowTh, scoreLine, TableScroller, Td, Th, teamById, winnerName } from '../components/finals-parts';

function SeriesBanner({ page }: { page: FinalsContent }) {
  const champion = teamById(page, page.series.champion);
  const runnerUp = teamById(page, page.series.runnerUp);
  return (
    <section
      aria-labelledby="banner-heading"
      className="rounded-3xl border border-brand-400/50 bg-gradient-to-br from-ink-800 to-ink-850 p-6 sm:p-8"
    >
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-500 px-3 py-1 text-xs font-bold tracking-wide text-ink-950 uppercase">
        <Trophy aria-hidden="true" className="size-4" /> Series complete
      </p>
      <h2 id="banner-heading" className="mt-4 text-2xl font-black text-white sm:text-4xl">
        {page.series.headline}
      </h2>
      <p className="mt-2 text-lg font-semibold text-brand-300">
        {champion.name} won {seriesScore(page.games, champion.id, runnerUp.id)} over {runnerUp.name}
      </p>
      <p className="mt-3 max-w-3xl text-slate-300">{page.series.summary}</p>
    </section>
  );
}

function FinalRecords({ page }: { page: FinalsContent }) {
  const { champion, runnerUp } = page.series;
  return (
    <PageSection id="records" title="Final Records">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {page.teams.map((team) => (
          <li key={team.id}>
            <Card className="h-full">
              <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-white">
                {team.name}
                {team.id === champion && (
                  <span className="rounded-full bg-court-500 px-2 py-0.5 text-xs font-bold text-ink-950">Champion</span>
                )}
              </h3>
              <p className="text-sm text-slate-300">{team.conference} Conference</p>
              <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
                {(
                  [
                    ['Finals', seriesScore(page.games, team.id, team.id === champion ? runnerUp : champion)],
                    ['Regular season', team.seasonRecord],
                    ['Playoffs', team.playoffRecord],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-ink-900 px-2 py-3">
                    <dt className="text-xs text-slate-300">{label}</dt>
                    <dd className="text-xl font-black text-white">{value}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function ParadePlaceholder({ page }: { page: FinalsContent }) {
  return (
    <PageSection id="parade" title={page.parade.title}>
      <div className="mt-4 flex aspect-video max-h-80 w-full flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-ink-600 bg-ink-850 p-6 text-center">
        <PlayCircle aria-hidden="true" className="size-12 text-slate-400" />
        <p id="parade-description" className="max-w-md text-slate-300">
          {page.parade.description}
        </p>
        <Button variant="secondary" disabled aria-describedby="parade-description">
          <span className="sr-only">Parade video: </span>Coming Soon
        </Button>
      </div>
    </PageSection>
  );
}

function SeriesRecap({ page }: { page: FinalsContent }) {
  const mvp = page.recap.mvp;
  return (
    <PageSection id="recap" title="Series Recap" className="flex flex-col gap-4">
      <p className="max-w-3xl text-slate-300">{page.recap.summary}</p>
      <Card className="flex items-start gap-4 border-brand-400/40">
        <Award aria-hidden="true" className="size-10 shrink-0 text-brand-400" />
        <div>
          <h3 className="text-sm font-bold tracking-wide text-brand-300 uppercase">Finals MVP</h3>
          <p className="text-xl font-black text-white">{mvp.player}</p>
          <p className="text-sm text-slate-300">{teamById(page, mvp.team).name}</p>
          <p className="mt-1 text-slate-200">{mvp.statLine}</p>
        </div>
      </Card>
      <TableScroller label="Player averages">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="px-4 pt-4 text-left font-bold text-white">Player averages in the Finals</caption>
          <thead>
            <tr className="border-b border-ink-700">
              <Th>Player</Th>
              <Th>Team</Th>
              <Th className="text-right">
                <abbr title="Points per game">PTS</abbr>
              </Th>
              <Th className="text-right">
                <abbr title="Rebounds per game">REB</abbr>
              </Th>
              <Th className="text-right">
                <abbr title="Assists per game">AST</abbr>
              </Th>
              <Th className="text-right">
                <abbr title="Field goal percentage">FG%</abbr>
              </Th>
            </tr>
          </thead>
          <tbody>
            {page.recap.playerStats.map((line) => (
              <tr key={line.player} className="border-b border-ink-800 last:border-0">
                <RowTh>{line.player}</RowTh>
                <Td>{teamById(page, line.team).abbreviation}</Td>
                <Td className="text-right">{line.points.toFixed(1)}</Td>
                <Td className="text-right">{line.rebounds.toFixed(1)}</Td>
                <Td className="text-right">{line.assists.toFixed(1)}</Td>
                <Td className="text-right">{line.fieldGoalPct.toFixed(1)}%</Td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </PageSection>
  );
}

function GameResults({ page }: { page: FinalsContent }) {
  return (
    <PageSection id="results" title="Game Results" className="flex flex-col gap-4">
      <TableScroller label="Game results">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">All seven games of the NBA Finals</caption>
          <thead>
            <tr className="border-b border-ink-700">
              <Th>Game</Th>
              <Th>Date</Th>
              <Th>Score</Th>
              <Th className="text-right">Total rebounds</Th>
              <Th>Winner</Th>
              <Th>
                <span className="sr-only">Preview</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {page.games.map((game) => (
              <tr key={game.number} className="border-b border-ink-800 last:border-0">
                <RowTh>Game {game.number}</RowTh>
                <Td>{formatCalendarDay(game.date, { weekday: true })}</Td>
                <Td>{scoreLine(page, game)}</Td>
                <Td className="text-right">{game.totalRebounds}</Td>
                <Td className="font-semibold">{winnerName(page, game)}</Td>
                <Td>
                  {game.preview && (
                    <Link
                      to={`${paths.finalsPlayer}/${game.number}`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-300 underline-offset-4 hover:underline"
                    >
                      Preview<span className="sr-only"> game {game.number}</span>
                    </Link>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </PageSection>
  );
}

function GameBoards({ page }: { page: FinalsContent }) {
  const boards = page.games.filter((g) => g.boardPath);
  return (
    <PageSection id="boards" title="Game Boards">
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {boards.map((game) => (
          <li key={game.number}>
            <LinkCard to={game.boardPath ?? paths.nbaFinals}>
              <span className="text-lg font-bold text-white">Game {game.number}</span>
              <span className="text-sm text-slate-300">
                {formatCalendarDay(game.date, { weekday: true })} · {game.venue}
              </span>
              <span className="text-sm text-slate-200">Final: {scoreLine(page, game)}</span>
              <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-300">
                Open game board
                <LinkCardArrow />
              </span>
            </LinkCard>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** NBA Finals: series banner, final records, parade placeholder, recap, the seven games, boards. */
export function NbaFinalsPage() {
  const content = useQuery(pageContentQuery('nba-finals'));
  const page = content.data;
  return (
    <Page title="NBA Finals" className="flex flex-col gap-10">
      <BackLink to={paths.sports}>Back to Sports</BackLink>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-5xl">NBA Finals</h1>
        {page && (
          <p className="mt-2 text-slate-300">
            {page.series.title}: {page.teams[0].name} vs {page.teams[1].name}, game by game.
          </p>
        )}
      </header>
      {content.isError ? (
        <LoadFailed message="We couldn't load the NBA Finals." onRetry={() => void content.refetch()} />
      ) : !page ? (
        <LoadingStack blocks={['h-48', 'h-40', 'h-64']} />
      ) : (
        <>
          <SeriesBanner page={page} />
          <FinalRecords page={page} />
          <ParadePlaceholder page={page} />
          <SeriesRecap page={page} />
          <GameResults page={page} />
          <GameBoards page={page} />
        </>
      )}
    </Page>
  );
}
