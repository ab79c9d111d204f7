import { useQuery } from '@tanstack/react-query';
import { type LucideIcon, MapPin, Trophy, Users } from 'lucide-react';
import { formatInteger } from '../../../../shared/domain/en-us';
import { formatTournamentDates, groupTeams, soccerGroups, tournamentDayCount } from '../../../../shared/domain/soccer';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed, Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { Card, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { pageContentQuery } from '../../../lib/page-content';
import { GroupPanel } from '../components/group-panel';

const courtIcon = (IconFor: LucideIcon) => <IconFor aria-hidden="true" className="size-6 text-court-400" />;

export function SoccerTournamentPage() {
  const content = useQuery(pageContentQuery('soccer-tournament'));
  const data = content.data;
  const groups = data && groupTeams(data.teams);

  return (
    <Page title="Soccer tournament" className="flex flex-col gap-10">
      <BackLink to={paths.sports}>Back to Sports</BackLink>
      <header className="flex flex-col gap-3">
        <p className="text-sm font-bold tracking-widest text-court-400 uppercase">Soccer tournament</p>
        <h1 className="text-3xl font-black text-white sm:text-5xl">{data?.name ?? 'Soccer Tournament'}</h1>
        {data && (
          <>
            <p className="font-semibold text-brand-300">
              <time dateTime={data.startDate}>{formatTournamentDates(data.startDate, data.endDate)}</time>
            </p>
            <p className="max-w-3xl text-slate-300">{data.summary}</p>
          </>
        )}
      </header>

      {content.isError ? (
        <LoadFailed message="We couldn't load the tournament." onRetry={() => void content.refetch()} />
      ) : !data || !groups ? (
        <LoadingStack blocks={['h-24', 'h-96']} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Teams', String(data.teams.length)],
              ['Groups', `${soccerGroups[0]}–${soccerGroups.at(-1)}`],
              ['Venues', String(data.venues.length)],
              ['Days', String(tournamentDayCount(data.startDate, data.endDate))],
            ].map(([label, value]) => (
              <div key={label} className="rounded-2xl border border-ink-700 bg-ink-850 p-4">
                <dt className="text-xs font-bold tracking-wider text-slate-300 uppercase">{label}</dt>
                <dd className="text-3xl font-black text-white tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>

          <PageSection id="soccer-groups" title="Groups" icon={courtIcon(Users)}>
            <Tabs defaultValue={soccerGroups[0]} className="mt-4">
              <TabsList aria-label="Groups" className="w-full sm:w-fit">
                {soccerGroups.map((g) => (
                  <TabsTrigger key={g} value={g} className="max-sm:grow max-sm:px-3">
                    Group {g}
                  </TabsTrigger>
                ))}
              </TabsList>
              {data.groups.map((g) => (
                <TabsContent key={g.group} value={g.group}>
                  <GroupPanel group={g.group} teams={groups[g.group]} matches={g.matches} />
                </TabsContent>
              ))}
            </Tabs>
          </PageSection>

          <PageSection id="soccer-venues" title="Venues" icon={courtIcon(MapPin)}>
            <CardGrid
              cards={data.venues.map((v) => ({
                title: v.name,
                facts: v.location,
                highlight: `Capacity ${formatInteger(v.capacity)}`,
                description: v.description,
              }))}
            />
          </PageSection>

          <PageSection id="soccer-knockout" title="Knockout Format" icon={courtIcon(Trophy)}>
            <CardGrid
              ordered
              cards={data.knockout.map((k) => ({
                title: k.stage,
                facts: `${k.dates} · ${k.matches} ${k.matches === 1 ? 'match' : 'matches'}`,
                description: k.description,
              }))}
            />
          </PageSection>
        </>
      )}
    </Page>
  );
}

/**
 * A section's cards in a grid, each with its title, a line of facts, maybe a highlight, and its description;
 * an ordered list where the order means something (the knockout stages).
 */
function CardGrid({
  ordered = false,
  cards,
}: {
  ordered?: boolean;
  cards: ReadonlyArray<{ title: string; facts: string; highlight?: string; description: string }>;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className="mt-4 grid gap-4 md:grid-cols-3">
      {cards.map((c) => (
        <li key={c.title}>
          <Card className="h-full">
            <CardTitle>{c.title}</CardTitle>
            <p className="text-sm text-slate-300">{c.facts}</p>
            {c.highlight && <p className="mt-2 font-semibold text-brand-300">{c.highlight}</p>}
            <p className="mt-2 text-sm text-slate-200">{c.description}</p>
          </Card>
        </li>
      ))}
    </List>
  );
}
