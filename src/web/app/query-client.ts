import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; network and server errors get one retry.
      retry: (count, err) => !(err instanceof ApiClientError && err.status >= 400 && err.status < 500) && count < 1,
    },
  },
});
