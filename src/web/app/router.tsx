import type { FetchQueryOptions } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { UserMenu } from '../features/accounts/components/user-menu';
import { RouteErrorPage } from '../features/errors/pages/route-error-page';
import { faqQuery } from '../features/faq/api';
import { homeContentQuery } from '../features/home/api';
import { sportsHubQuery } from '../features/sports/api';
import { pageContentQuery } from '../lib/page-content';
import { adminScreens, boardScreens, paths, upcomingScreens } from './paths';
import { queryClient } from './query-client';

/** Starts a screen's data request alongside its code chunk; the page renders its own loading state. */
function prefetch<T, K extends readonly unknown[]>(query: FetchQueryOptions<T, Error, T, K>) {
  return () => {
    void queryClient.prefetchQuery(query);
    return null;
  };
}

const homeRoute = {
  loader: prefetch(homeContentQuery),
  lazy: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout headerActions={<UserMenu />} />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, ...homeRoute },
          { path: paths.home, ...homeRoute },
          {
            path: paths.sports,
            loader: prefetch(sportsHubQuery),
            lazy: () =>
              import('../features/sports/pages/sports-hub-page').then((m) => ({ Component: m.SportsHubPage })),
          },
          {
            path: paths.faq,
            loader: prefetch(faqQuery),
            lazy: () => import('../features/faq/pages/faq-page').then((m) => ({ Component: m.FaqPage })),
          },
          {
            path: paths.f1Season,
            loader: prefetch(pageContentQuery('f1-season')),
            lazy: () => import('../features/f1/pages/f1-season-page').then((m) => ({ Component: m.F1SeasonPage })),
          },
          {
            path: paths.soccerTournament,
            loader: prefetch(pageContentQuery('soccer-tournament')),
            lazy: () =>
              import('../features/soccer/pages/soccer-tournament-page').then((m) => ({
                Component: m.SoccerTournamentPage,
              })),
          },
          {
            path: paths.login,
            lazy: () => import('../features/accounts/pages/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.devMail,
            lazy: () => import('../features/dev-mail/pages/dev-mail-page').then((m) => ({ Component: m.DevMailPage })),
          },
          ...boardScreens.map(
            (screen): RouteObject => ({
              path: screen.path,
              handle: screen,
              lazy: () => import('../features/boards/pages/board-page').then((m) => ({ Component: m.BoardPage })),
            }),
          ),
          ...[paths.entered, paths.enteredPage].map(
            (path): RouteObject => ({
              path,
              lazy: () => import('../features/boards/pages/entered-page').then((m) => ({ Component: m.EnteredPage })),
            }),
          ),
          {
            path: `${paths.boards}/:slug`,
            lazy: () => import('../features/boards/pages/board-page').then((m) => ({ Component: m.BoardPage })),
          },
          {
            path: paths.gameInfo,
            lazy: () => import('../features/boards/pages/game-info-page').then((m) => ({ Component: m.GameInfoPage })),
          },
          {
            path: paths.donationSuccess,
            lazy: () =>
              import('../features/boards/pages/donation-success-page').then((m) => ({
                Component: m.DonationSuccessPage,
              })),
          },
          ...adminScreens.map(
            ({ path, title }): RouteObject => ({
              path,
              handle: { title },
              lazy: () => import('../features/admin/pages/admin-page').then((m) => ({ Component: m.AdminPage })),
            }),
          ),
          ...upcomingScreens.map(
            ({ path, title }): RouteObject => ({
              path,
              handle: { title },
              lazy: () => import('../features/errors/pages/upcoming-page').then((m) => ({ Component: m.UpcomingPage })),
            }),
          ),
          {
            path: '*',
            lazy: () => import('../features/errors/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
