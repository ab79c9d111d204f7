import { queryOptions } from '@tanstack/react-query';
import { contentPaths } from '../../../shared/contracts/api-paths/content';
import type { FaqContent } from '../../../shared/contracts/content';
import { apiGet } from '../../lib/api-client';

export const faqQuery = queryOptions({
  queryKey: ['content', 'faq'],
  queryFn: ({ signal }) => apiGet<FaqContent>(contentPaths.faq, { signal }),
});
