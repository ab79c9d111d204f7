import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upcomingScreens } from '../../src/web/app/paths';
import { queryClient } from '../../src/web/app/query-client';
import { routePreloads } from '../../src/web/app/route-preloads';
import { routes } from '../../src/web/app/router';
import { RootLayout } from '../../src/web/components/layout/root-layout';
import { RouteErrorPage } from '../../src/web/features/errors/pages/route-error-page';
import { renderRoutesAt } from '../support/render-router';

function Boom(): never {
  throw new Error('Scoreboard exploded');
}

const renderAt = (path: string, r = routes) => renderRoutesAt(r, path);

describe('router', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'X', message: 'nope' } }), { status: 503 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the 404 page for an unknown path, with a link home', async () => {
    renderAt('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the router error screen when a screen throws, keeping the site header', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/boom', [
      {
        element: <RootLayout />,
        children: [{ errorElement: <RouteErrorPage />, children: [{ path: '/boom', Component: Boom }] }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Scoreboard exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FanGrid home' })).toBeInTheDocument();
  });

  it.runIf(upcomingScreens.length > 0)(
    'gives not-yet-built spec screens an honest placeholder instead of a 404',
    async () => {
      const [screenToCome] = upcomingScreens;
      if (!screenToCome) return;
      renderAt(screenToCome.path);
      expect(await screen.findByRole('heading', { name: screenToCome.title })).toBeInTheDocument();
      expect(screen.getByText(/on its way/)).toBeInTheDocument();
    },
  );

  it('shows Partner Not Found, with a way back to /partners, for an unknown partner id', async () => {
    renderAt('/partner/not-a-partner');
    expect(await screen.findByRole('heading', { name: 'Partner Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Partners' })).toHaveAttribute('href', '/partners');
  });

  it('shows a retry message, not a crash, when the content API fails', async () => {
    renderAt('/faq');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the FAQ.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('every route resolves', () => {
  // The router list and the routes 'navigated to but not in the list', with their parameters filled in.
  const specRoutes = [
    '/',
    '/sports',
    '/game-board',
    '/east-game-board',
    '/entered',
    '/fan-page',
    '/partners',
    '/partner/sports-excellence',
    '/wnba-games',
    '/wnba-donation',
    '/wnba-success',
    '/baseball-games',
    '/baseball-donation',
    '/donation-success',
    '/faq',
    '/login',
    '/nba-finals',
    '/finals-game-5',
    '/finals-game-6',
    '/finals-game-7',
    '/finals-player',
    '/game-player',
    '/game-info',
    '/gaming',
    '/admin-kpi',
    '/admin-logins',
    '/admin-entries',
    '/admin-boards',
    '/dodgers-giants',
    '/dodgers-padres',
    '/mariners-diamondbacks',
    '/reds-guardians',
    '/f1-season',
    '/soccer-tournament',
    '/home',
    '/partners/sports-excellence',
    '/partner-details/sports-excellence',
    '/partner-details/community-champions',
    '/partner-details/future-stars',
    '/entered-page',
    '/finals-game-5-board',
    '/finals-game-6-board',
    '/finals-game-7-board',
    '/finals-player/1',
    '/game-player/oklahoma-city-thunder',
    '/action-games',
    '/strategy-games',
    '/rpg-games',
    '/simulation-games',
    '/csgo-tournament',
    '/lol-championship',
    '/dota2-international',
    '/dodgers-giants-game',
    '/yankees-red-sox-game',
    '/astros-rangers-game',
    '/phillies-braves-game',
    '/womens-basketball',
    '/cubs-brewers-game',
    '/mariners-diamondbacks-game',
  ];

  it.each(specRoutes)('%s has its own route, not the 404 page', (path) => {
    const matched = matchRoutes(routes, path);
    expect(matched?.at(-1)?.route.path).not.toBe('*');
  });
});

describe('route preloads (decision 0014)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(routePreloads.flatMap((r) => r.paths.map((path) => [path, r] as const)))(
    '%s names the documents its route loader fetches (if any), and a page module that exists',
    async (path, preload) => {
      expect(existsSync(join('src/web', preload.page)), preload.page).toBe(true);
      const fetched: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          fetched.push(url);
          return new Response('{}', { status: 200 });
        }),
      );
      queryClient.clear();
      // A path with a parameter (`/boards/:slug`) is tried with a value, which its documents then name too.
      const fill = (url: string) => url.replace(/:\w+/g, 'sample-value');
      const match = matchRoutes(routes, fill(path))?.at(-1);
      const route = match?.route;
      expect(route?.path).not.toBe('*');
      const loader = route?.loader;
      // A screen that preloads only its code needs no loader; one with documents fetches them in its loader.
      if (preload.data.length === 0 && loader === undefined) return;
      if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
      await loader({
        request: new Request(`http://localhost${fill(path)}`),
        params: match?.params ?? {},
        context: undefined,
      } as never);
      await vi.waitFor(() => expect(fetched.length).toBeGreaterThanOrEqual(preload.data.length));
      expect([...new Set(fetched)].sort()).toEqual(preload.data.map(fill).sort());
    },
  );
});
