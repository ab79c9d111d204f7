import { pathOf } from './pattern';

/** Site content: the home page, hubs, FAQ and content pages. On the first load of `/` (the route table's loaders). */
export const contentPaths = {
  home: '/api/content/home',
  sportsHub: '/api/content/sports-hub',
  faq: '/api/content/faq',
  page: pathOf('/api/content/pages/:slug'),
} as const;
