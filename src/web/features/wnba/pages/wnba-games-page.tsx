import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed, Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { ButtonLink } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { pageContentQuery } from '../../../lib/page-content';
import { CupResults } from '../components/cup-results';
import { GameList } from '../components/game-list';
import { HighlightTiles } from '../components/highlight-tiles';
import { PlayerSearch } from '../components/player-search';
import { SeasonCards } from '../components/season-cards';
import { StandingsTable } from '../components/standings-table';

/** WNBA (/wnba-games): season cards, four tabs and Coming Soon highlight tiles. */
export function WnbaGamesPage() {
  const content = useQuery(pageContentQuery('wnba'));
  const [query, setQuery] = useState('');
  const data = content.data;

  return (
    <Page title="WNBA Games" className="flex flex-col gap-10">
      <BackLink to={paths.sports}>Back to Sports</BackLink>
      <header className="flex flex-col items-start gap-3">
        <h1 className="text-3xl font-black text-white sm:text-5xl">WNBA Games</h1>
        <p className="max-w-2xl text-slate-300">
          Follow the WNBA season: standings, league leaders, the Commissioner's Cup and a game board for every game that
          is open now.
        </p>
        <ButtonLink to={paths.womensBasketball} variant="outline">
          Standings &amp; results
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </header>

      {content.isError ? (
        <LoadFailed message="We couldn't load the WNBA games." onRetry={() => void content.refetch()} />
      ) : !data ? (
        <LoadingStack blocks={['h-96']} cards={{ count: 3, size: 'h-48' }} />
      ) : (
        <>
          <PageSection id="glance" title={<>{data.season} Season at a Glance</>} className="flex flex-col gap-4">
            <SeasonCards content={data} />
          </PageSection>

          <PageSection id="center" title="Season Center" className="flex flex-col gap-4">
            <Tabs defaultValue="standings">
              <TabsList aria-label="WNBA season sections" className="flex-wrap">
                <TabsTrigger value="standings">Standings</TabsTrigger>
                <TabsTrigger value="games">All Games</TabsTrigger>
                <TabsTrigger value="cup">Commissioner's Cup</TabsTrigger>
                <TabsTrigger value="players">Player Search</TabsTrigger>
              </TabsList>
              <TabsContent value="standings">
                <StandingsTable standings={data.standings} season={data.season} />
              </TabsContent>
              <TabsContent value="games">
                <GameList games={data.games} />
              </TabsContent>
              <TabsContent value="cup">
                <CupResults cup={data.commissionersCup} />
              </TabsContent>
              <TabsContent value="players">
                <PlayerSearch players={data.playerLeaders} query={query} onQueryChange={setQuery} />
              </TabsContent>
            </Tabs>
          </PageSection>
        </>
      )}

      <PageSection id="highlights" title="Highlights" className="flex flex-col gap-4">
        <HighlightTiles />
      </PageSection>
    </Page>
  );
}
