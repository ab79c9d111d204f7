import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ToastProvider } from '../../src/web/components/ui/toast';

/**
 * Renders `routes` at `path` in memory with what the app wraps every screen in (a fresh query client that does
 * not retry, and toasts); answers the router, to follow or drive navigation.
 */
export function renderRoutesAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}
