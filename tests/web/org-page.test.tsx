import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicOrg } from '../../src/shared/contracts/public-orgs';
import { OrgDonatePage } from '../../src/web/features/org-pages/pages/org-donate-page';
import { OrgPage } from '../../src/web/features/org-pages/pages/org-page';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const org = (over: Partial<PublicOrg['organization']> = {}): PublicOrg => ({
  organization: {
    slug: 'northside-hoops',
    name: 'Northside Hoops',
    logo: null,
    cause: 'Gym time and tournament fees for a youth league',
    contactEmail: null,
    suspended: false,
    ...over,
  },
  boards: [
    {
      slug: 'hoops-open',
      league: 'NBA',
      teamA: 'Knicks',
      teamB: 'Pacers',
      startsAt: '2030-06-16T00:30:00Z',
      price: 'From $5',
      paymentRequired: false,
      state: 'open',
    },
    {
      slug: 'hoops-later',
      league: 'NBA',
      teamA: 'Thunder',
      teamB: 'Pacers',
      startsAt: '2030-06-18T00:30:00Z',
      price: 'Free',
      paymentRequired: false,
      state: 'upcoming',
    },
  ],
  raisedCents: 123_456,
});

function renderAt(path: string, answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer.clone()),
  );
  renderRoutesAt(
    [
      { path: '/o/:org', Component: OrgPage },
      { path: '/o/:org/donate', Component: OrgDonatePage },
    ],
    path,
  );
}

describe('an organization’s public page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows its name, cause, what it raised, a Donate button and its boards, each linking to its board', async () => {
    renderAt('/o/northside-hoops', json(200, org()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Northside Hoops' })).toBeInTheDocument();
    expect(screen.getByText('Gym time and tournament fees for a youth league')).toBeInTheDocument();
    expect(screen.getByTestId('org-raised')).toHaveTextContent('$1,234.56');
    expect(screen.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/o/northside-hoops/donate');
    const links = within(screen.getByRole('list', { name: 'Boards' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/boards/hoops-open', '/boards/hoops-later']);
    expect(links[0]).toHaveTextContent('Open now');
    expect(links[1]).toHaveTextContent('Upcoming');
    expect(screen.queryByTestId('org-suspended')).toBeNull();
  });

  it('a suspended organization shows a notice, no Donate button and no entry links', async () => {
    renderAt('/o/northside-hoops', json(200, org({ suspended: true })));
    expect(await screen.findByTestId('org-suspended')).toHaveTextContent('suspended');
    expect(screen.queryByRole('link', { name: 'Donate' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Boards' });
    expect(within(list).queryAllByRole('link')).toEqual([]);
    expect(within(list).getByText('Knicks vs Pacers')).toBeInTheDocument();
  });

  it('an unknown address is not found', async () => {
    renderAt(
      '/o/no-such-org',
      json(404, { error: { code: 'NOT_FOUND', message: 'We could not find that organization.' } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization not found' })).toBeInTheDocument();
  });

  it('its gift form names the organization and leads back to its page', async () => {
    renderAt('/o/northside-hoops/donate', json(200, org()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Northside Hoops' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Northside Hoops' })).toHaveAttribute('href', '/o/northside-hoops');
    expect(screen.getByLabelText('Your name')).toBeInTheDocument();
  });

  it('a suspended organization’s gift form is not there', async () => {
    renderAt('/o/northside-hoops/donate', json(200, org({ suspended: true })));
    expect(await screen.findByTestId('org-suspended')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).toBeNull();
  });
});
