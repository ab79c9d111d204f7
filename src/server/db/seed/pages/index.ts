import type { PageContent, PageSlug } from '../../../../shared/contracts/pages';
import { baseballPage } from './baseball';
import { f1SeasonPage } from './f1-season';
import { soccerTournamentPage } from './soccer-tournament';

/** The shipped document of every registered page (the type makes a missing page a compile error). */
export const pageSeeds: { [S in PageSlug]: PageContent<S> } = {
  baseball: baseballPage,
  'f1-season': f1SeasonPage,
  'soccer-tournament': soccerTournamentPage,
};
