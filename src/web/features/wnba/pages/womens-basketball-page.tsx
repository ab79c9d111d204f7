import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import type { Conference } from '../../../../shared/contracts/pages/wnba';
import type { LeagueTeam } from '../../../../shared/contracts/pages/womens-basketball';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed, Page } from '../../../components/layout/page';
import { ColumnHeaders } from '../../../components/table-parts';
import { Card, CardTitle } from '../../../components/ui/card';
import { DetailsList } from '../../../components/ui/details-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { pageContentQuery } from '../../../lib/page-content';
import { LiveClock } from '../components/live-clock';

const conferences: readonly Conference[] = ['Western', 'Eastern'];
const conferenceColumns = [{ label: 'Team' }, { label: 'Record', className: 'text-right' }];

function ConferenceTable({ conference, teams }: { conference: Conference; teams: readonly LeagueTeam[] }) {
  return (
    <Card className="p-0">
      <table className="w-full text-left text-sm">
        <caption className="px-5 pt-4 pb-2 text-left">
          <h3 className="text-lg font-bold text-white">{conference} Conference</h3>
        </caption>
        <thead className="text-xs tracking-wider text-slate-300 uppercase">
          <tr className="border-b border-ink-700">
            <ColumnHeaders columns={conferenceColumns} className="px-5 py-2 font-semibold" />
          </tr>
        </thead>
        <tbody>
          {teams.map((t) => (
            <tr key={t.name} className="border-b border-ink-700/60 last:border-b-0">
              <th scope="row" className="px-5 py-2 font-semibold text-white">
                {t.name}
              </th>
              <td className="px-5 py-2 text-right font-mono tabular-nums">{t.record}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The women's basketball standings and results view (served at /womens-basketball). */
export function WomensBasketballPage() {
  const content = useQuery(pageContentQuery('womens-basketball'));
  const data = content.data;

  return (
    <Page title="Women's Basketball Standings & Results" className="flex max-w-4xl flex-col gap-8">
      <BackLink to={paths.wnbaGames}>Back to WNBA Games</BackLink>
      <header className="flex flex-col items-start gap-3">
        <h1 className="text-3xl font-black text-white sm:text-5xl">Women's Basketball Standings &amp; Results</h1>
        {data && <p className="text-slate-300">The {data.season}: final standings, the Finals and the last games.</p>}
        <LiveClock />
      </header>

      {content.isError ? (
        <LoadFailed message="We couldn't load the standings and results." onRetry={() => void content.refetch()} />
      ) : !data ? (
        <LoadingStack blocks={['h-12', 'h-80']} gap="gap-3" />
      ) : (
        <Tabs defaultValue="standings">
          <TabsList aria-label="Standings and results sections" className="flex-wrap">
            <TabsTrigger value="standings">Standings</TabsTrigger>
            <TabsTrigger value="championship">Championship</TabsTrigger>
            <TabsTrigger value="results">Recent Results</TabsTrigger>
          </TabsList>
          <TabsContent value="standings">
            <h2 className="sr-only">Standings</h2>
            <div className="grid gap-4 md:grid-cols-2">
              {conferences.map((conference) => (
                <ConferenceTable
                  key={conference}
                  conference={conference}
                  teams={data.teams.filter((t) => t.conference === conference)}
                />
              ))}
            </div>
          </TabsContent>
          <TabsContent value="championship">
            <h2 className="sr-only">Championship</h2>
            <Card className="border-brand-500/50">
              <CardTitle className="flex items-center gap-2">
                <Trophy aria-hidden="true" className="size-5 text-brand-400" />
                Championship Final
              </CardTitle>
              <p className="mt-3 text-2xl font-black text-white">
                {data.championship.champion} {data.championship.championScore}, {data.championship.runnerUp}{' '}
                {data.championship.runnerUpScore}
              </p>
              <DetailsList
                items={[
                  ['Champion', data.championship.champion],
                  ['Runner-up', data.championship.runnerUp],
                  ['Date', formatCalendarDay(data.championship.championshipDate, { weekday: true })],
                  ['Venue', data.championship.venue],
                  ['Finals MVP', data.championship.mvp],
                ]}
              />
              <p className="mt-3 text-sm text-slate-300">{data.championship.mvpStats}</p>
            </Card>
          </TabsContent>
          <TabsContent value="results">
            <h2 className="sr-only">Recent Results</h2>
            <ul className="flex flex-col gap-3">
              {data.recentResults.map((r) => (
                <li
                  key={`${r.date}-${r.matchup}`}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4"
                >
                  <div>
                    <p className="text-sm text-slate-300">
                      <time dateTime={r.date}>{formatCalendarDay(r.date, { weekday: true })}</time>
                    </p>
                    <h3 className="font-bold text-white">{r.matchup}</h3>
                    <p className="text-slate-200">{r.result}</p>
                  </div>
                  <span className="rounded-full bg-slate-600 px-2 py-0.5 text-xs font-bold text-white capitalize">
                    {r.status}
                  </span>
                </li>
              ))}
            </ul>
          </TabsContent>
        </Tabs>
      )}
    </Page>
  );
}
