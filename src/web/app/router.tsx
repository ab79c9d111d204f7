import type { FetchQueryOptions } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { LocalImportOffer } from '../components/local-import-offer';
import { UserMenu } from '../features/accounts';
import { RouteErrorPage } from '../features/errors';
import { faqQuery } from '../features/faq';
import { homeContentQuery } from '../features/home';
import { sportsHubQuery } from '../features/sports';
import { pageContentQuery } from '../lib/page-content';
import {
  type AdminScreen,
  adminScreens,
  baseballMatchups,
  boardScreenPaths,
  gamingCategoryPaths,
  gamingTournamentPaths,
  partnerFormPaths,
  paths,
  upcomingScreens,
} from './paths';
import { queryClient } from './query-client';
import { createScreenPreloads } from './screen-preloads';

/** Starts a screen's data request alongside its code chunk; the page renders its own loading state. */
function prefetch<T, K extends readonly unknown[]>(query: FetchQueryOptions<T, Error, T, K>) {
  return () => {
    void queryClient.prefetchQuery(query);
    return null;
  };
}

// The route table imports what it needs of a feature from the feature's index.ts, like any other code, with
// one exception: each screen's page module (features/<f>/pages/*) is imported here lazily and directly, so
// every screen stays a chunk of its own. Feature indexes never export pages.
const homeRoute = {
  loader: prefetch(homeContentQuery),
  lazy: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
};

/**
 * Asks for the board a board screen shows as soon as the route matches (its page module, loading anyway, knows
 * which board that is), instead of once the screen has rendered.
 */
const boardRoute: RouteObject = {
  loader: ({ request, params }) => {
    const path = new URL(request.url).pathname;
    void import('../features/boards/pages/board-page').then((m) =>
      queryClient.prefetchQuery(m.boardQueryAt(path, params.slug)),
    );
    return null;
  },
  lazy: () => import('../features/boards/pages/board-page').then((m) => ({ Component: m.BoardPage })),
};

/**
 * An organization's page and its gift form ask for the organization as soon as the route matches (the page
 * module, loading anyway, holds its query and contract, so neither reaches the first load).
 */
const orgRoutes: RouteObject[] = [
  {
    path: `${paths.orgPage}/:org`,
    loader: ({ params }) => {
      void import('../features/org-pages/pages/org-page').then((m) =>
        queryClient.prefetchQuery(m.orgQueryAt(params.org)),
      );
      return null;
    },
    lazy: () => import('../features/org-pages/pages/org-page').then((m) => ({ Component: m.OrgPage })),
  },
  {
    path: `${paths.orgPage}/:org/donate`,
    loader: ({ params }) => {
      void import('../features/org-pages/pages/org-donate-page').then((m) =>
        queryClient.prefetchQuery(m.donateOrgQueryAt(params.org)),
      );
      return null;
    },
    lazy: () => import('../features/org-pages/pages/org-donate-page').then((m) => ({ Component: m.OrgDonatePage })),
  },
];

/**
 * Each admin screen's page module, a chunk of its own so that a screen loads only its own code. Each also
 * hands over the admin gate's state query, which the admin routes' loader asks for.
 */
const adminPageModules = {
  kpi: () =>
    import('../features/admin/pages/admin-kpi-page').then((m) => ({
      Component: m.AdminKpiPage,
      status: m.adminStatusQuery,
    })),
  logins: () =>
    import('../features/admin/pages/admin-logins-page').then((m) => ({
      Component: m.AdminLoginsPage,
      status: m.adminStatusQuery,
    })),
  entries: () =>
    import('../features/admin/pages/admin-entries-page').then((m) => ({
      Component: m.AdminEntriesPage,
      status: m.adminStatusQuery,
    })),
  boards: () =>
    import('../features/admin/pages/admin-boards-page').then((m) => ({
      Component: m.AdminBoardsPage,
      status: m.adminStatusQuery,
    })),
};

/**
 * The admin gate's state, asked as the route matches and awaited when not known yet (the server preloads it with
 * the HTML): the gate opens, or asks for the passcode, without a loading step. A failure is the gate's to show.
 */
const adminLoader = (screen: AdminScreen) => () =>
  adminPageModules[screen]().then((m) =>
    queryClient.ensureQueryData(m.status).then(
      () => null,
      () => null,
    ),
  );

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <RootLayout headerActions={<UserMenu />} />
        <LocalImportOffer />
      </>
    ),
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
            path: paths.nbaFinals,
            loader: prefetch(pageContentQuery('nba-finals')),
            lazy: () =>
              import('../features/nba-finals/pages/nba-finals-page').then((m) => ({ Component: m.NbaFinalsPage })),
          },
          ...[paths.finalsPlayer, `${paths.finalsPlayer}/:game`].map(
            (path): RouteObject => ({
              path,
              loader: prefetch(pageContentQuery('nba-finals')),
              lazy: () =>
                import('../features/nba-finals/pages/finals-preview-page').then((m) => ({
                  Component: m.FinalsPreviewPage,
                })),
            }),
          ),
          ...[paths.gamePlayer, `${paths.gamePlayer}/:teamSlug`].map(
            (path): RouteObject => ({
              path,
              lazy: () =>
                import('../features/nba-finals/pages/game-player-page').then((m) => ({ Component: m.GamePlayerPage })),
            }),
          ),
          {
            path: paths.wnbaGames,
            loader: prefetch(pageContentQuery('wnba')),
            lazy: () => import('../features/wnba/pages/wnba-games-page').then((m) => ({ Component: m.WnbaGamesPage })),
          },
          {
            path: paths.womensBasketball,
            loader: prefetch(pageContentQuery('womens-basketball')),
            lazy: () =>
              import('../features/wnba/pages/womens-basketball-page').then((m) => ({
                Component: m.WomensBasketballPage,
              })),
          },
          {
            path: paths.gaming,
            // The hub shows both documents: its own and the catalog's category and tournament cards.
            loader: () => {
              prefetch(pageContentQuery('gaming'))();
              prefetch(pageContentQuery('gaming-catalog'))();
              return null;
            },
            lazy: () =>
              import('../features/gaming/pages/gaming-hub-page').then((m) => ({ Component: m.GamingHubPage })),
          },
          ...gamingCategoryPaths.map(
            (path): RouteObject => ({
              path,
              loader: prefetch(pageContentQuery('gaming-catalog')),
              lazy: () =>
                import('../features/gaming/pages/gaming-category-page').then((m) => ({
                  Component: m.GamingCategoryPage,
                })),
            }),
          ),
          ...gamingTournamentPaths.map(
            (path): RouteObject => ({
              path,
              loader: prefetch(pageContentQuery('gaming-catalog')),
              lazy: () =>
                import('../features/gaming/pages/gaming-tournament-page').then((m) => ({
                  Component: m.GamingTournamentPage,
                })),
            }),
          ),
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
            path: paths.fanPage,
            lazy: () =>
              import('../features/fan-central/pages/fan-central-page').then((m) => ({ Component: m.FanCentralPage })),
          },
          {
            path: paths.login,
            lazy: () => import('../features/accounts/pages/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.account,
            lazy: () => import('../features/accounts/pages/account-page').then((m) => ({ Component: m.AccountPage })),
          },
          {
            path: paths.devMail,
            lazy: () => import('../features/dev-mail/pages/dev-mail-page').then((m) => ({ Component: m.DevMailPage })),
          },
          ...boardScreenPaths.map((path): RouteObject => ({ path, ...boardRoute })),
          ...[paths.entered, paths.enteredPage].map(
            (path): RouteObject => ({
              path,
              lazy: () => import('../features/boards/pages/entered-page').then((m) => ({ Component: m.EnteredPage })),
            }),
          ),
          {
            path: `${paths.claim}/:token`,
            lazy: () => import('../features/prizes/pages/claim-page').then((m) => ({ Component: m.ClaimPage })),
          },
          { path: `${paths.boards}/:slug`, ...boardRoute },
          ...orgRoutes,
          {
            path: `${paths.boards}/:slug/rules`,
            lazy: () => import('../features/boards/pages/rules-page').then((m) => ({ Component: m.RulesPage })),
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
          {
            path: paths.baseballGames,
            loader: prefetch(pageContentQuery('baseball')),
            lazy: () => import('../features/baseball/pages/baseball-page').then((m) => ({ Component: m.BaseballPage })),
          },
          ...baseballMatchups.map(
            (matchup): RouteObject => ({
              path: `/${matchup}`,
              handle: { matchup },
              loader: prefetch(pageContentQuery('baseball')),
              lazy: () => import('../features/baseball/pages/matchup-page').then((m) => ({ Component: m.MatchupPage })),
            }),
          ),
          {
            path: paths.baseballDonation,
            lazy: () =>
              import('../features/payments/pages/baseball-donation-page').then((m) => ({
                Component: m.BaseballDonationPage,
              })),
          },
          {
            path: paths.paymentSuccess,
            lazy: () =>
              import('../features/payments/pages/payment-success-page').then((m) => ({
                Component: m.PaymentSuccessPage,
              })),
          },
          {
            path: paths.wnbaDonation,
            lazy: () =>
              import('../features/payments/pages/wnba-donation-page').then((m) => ({ Component: m.WnbaDonationPage })),
          },
          {
            path: paths.wnbaSuccess,
            lazy: () =>
              import('../features/payments/pages/wnba-success-page').then((m) => ({ Component: m.WnbaSuccessPage })),
          },
          {
            path: `${paths.checkout}/:sessionId`,
            lazy: () => import('../features/payments/pages/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
          },
          ...[paths.monthlyGifts, `${paths.monthlyGifts}/sign-in`].map(
            (path): RouteObject => ({
              path,
              lazy: () =>
                import('../features/payments/pages/monthly-gifts-page').then((m) => ({
                  Component: m.MonthlyGiftsPage,
                })),
            }),
          ),
          {
            path: `${paths.monthlyGifts}/:id/card`,
            lazy: () =>
              import('../features/payments/pages/monthly-card-page').then((m) => ({ Component: m.MonthlyCardPage })),
          },
          {
            path: `${paths.tips}/:reference`,
            lazy: () =>
              import('../features/payments/pages/tip-result-page').then((m) => ({ Component: m.TipResultPage })),
          },
          {
            path: paths.orgs,
            lazy: () => import('../features/orgs/pages/orgs-page').then((m) => ({ Component: m.OrgsPage })),
          },
          {
            path: `${paths.orgs}/new`,
            lazy: () => import('../features/orgs/pages/new-org-page').then((m) => ({ Component: m.NewOrgPage })),
          },
          {
            path: `${paths.orgs}/:org`,
            lazy: () => import('../features/orgs/pages/org-page').then((m) => ({ Component: m.OrgPage })),
          },
          {
            // The organizer screens (`orgConsoleScreens`), matched inside their module.
            path: `${paths.orgs}/:org/*`,
            lazy: () =>
              import('../features/orgs/pages/org-console-page').then((m) => ({ Component: m.OrgConsolePages })),
          },
          {
            path: `${paths.invitations}/:id`,
            lazy: () => import('../features/orgs/pages/invitation-page').then((m) => ({ Component: m.InvitationPage })),
          },
          {
            path: paths.partners,
            lazy: () => import('../features/partners/pages/partners-page').then((m) => ({ Component: m.PartnersPage })),
          },
          ...partnerFormPaths.map(
            (path): RouteObject => ({
              path,
              lazy: () =>
                import('../features/partners/pages/partner-form-page').then((m) => ({ Component: m.PartnerFormPage })),
            }),
          ),
          ...adminScreens.map(
            ({ screen, path, title }): RouteObject => ({
              path,
              handle: { title },
              loader: adminLoader(screen),
              lazy: () => adminPageModules[screen]().then(({ Component }) => ({ Component })),
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
  const router = createBrowserRouter(routes);
  const preloads = createScreenPreloads({ fetch: (...args) => fetch(...args), document });
  router.subscribe((state) => {
    const next = state.navigation.location;
    if (next) void preloads.preload(next.pathname);
  });
  // The first screen's chunks came with its HTML; the table waits until the browser has nothing else to do.
  if ('requestIdleCallback' in window) requestIdleCallback(() => void preloads.read());
  else setTimeout(() => void preloads.read(), 2000);
  return router;
}
