import { queryOptions } from '@tanstack/react-query';
import type { FaqContent } from '../../../shared/contracts/content';
import { apiPaths } from '../../../shared/contracts/paths';
import { apiGet } from '../../lib/api-client';

export const faqQuery = queryOptions({
  queryKey: ['content', 'faq'],
  queryFn: ({ signal }) => apiGet<FaqContent>(apiPaths.content.faq, { signal }),
});
