import type { PageContent, PageSlug } from '../../../../shared/contracts/pages';
import { baseballPage } from './baseball';
import { f1SeasonPage } from './f1-season';
import { gamingPage } from './gaming';
import { gamingCatalog } from './gaming-catalog';
import { nbaFinalsPage } from './nba-finals';
import { soccerTournamentPage } from './soccer-tournament';
import { wnbaPage } from './wnba';
import { womensBasketballPage } from './womens-basketball';

/** The shipped document of every registered page (the type makes a missing page a compile error). */
export const pageSeeds: { [S in PageSlug]: PageContent<S> } = {
  baseball: baseballPage,
  'nba-finals': nbaFinalsPage,
  wnba: wnbaPage,
  'womens-basketball': womensBasketballPage,
  gaming: gamingPage,
  'gaming-catalog': gamingCatalog,
  'f1-season': f1SeasonPage,
  'soccer-tournament': soccerTournamentPage,
};
