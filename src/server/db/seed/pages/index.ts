import type { PageContent, PageSlug } from '../../../../shared/contracts/pages';
import { baseballPage } from './baseball';
import { gamingPage } from './gaming';
import { gamingCatalog } from './gaming-catalog';

/** The shipped document of every registered page (the type makes a missing page a compile error). */
export const pageSeeds: { [S in PageSlug]: PageContent<S> } = {
  baseball: baseballPage,
  gaming: gamingPage,
  'gaming-catalog': gamingCatalog,
};
