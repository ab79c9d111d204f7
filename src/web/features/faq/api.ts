import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import { apiGet, lazySchema } from '../../lib/api-client';

/** The FAQ's document; the route table asks for it, so its check loads beside it (lib/api-client LazySchema). */
export const faqQuery = queryOptions({
  queryKey: ['content', 'faq'],
  queryFn: ({ signal }) =>
    apiGet(
      contentPaths.faq,
      lazySchema(() => import('../../checks/faq-content').then((m) => m.faqContentCheck)),
      { signal },
    ),
});
