import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Organization, orgErrorCodes, orgMessages } from '../../src/shared/contracts/orgs';
import { LoginPage } from '../../src/web/features/accounts/pages/login-page';
import { invitableRoles, mayCancel, mayLeave, mayRemove, rolesFor } from '../../src/web/features/orgs/member-rules';
import { changesOf, slugFromName } from '../../src/web/features/orgs/org-form';
import { InvitationPage } from '../../src/web/features/orgs/pages/invitation-page';
import { NewOrgPage } from '../../src/web/features/orgs/pages/new-org-page';
import { OrgPage } from '../../src/web/features/orgs/pages/org-page';
import { OrgsPage } from '../../src/web/features/orgs/pages/orgs-page';
import { confirmedPathFor, returnPathOf, signInPathFor } from '../../src/web/lib/sign-in-return';
import { renderRoutesAt } from '../support/render-router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields ? { fields } : {}) } });

const me = { id: 'u-admin', name: 'Ada Admin', email: 'ada@example.com', phone: '+12025550100', emailVerified: true };
const organization: Organization = {
  id: 'org-1',
  name: 'Lincoln Boosters',
  slug: 'lincoln',
  logo: null,
  cause: 'Band uniforms',
  contactEmail: null,
  ein: null,
  status: 'active',
  createdAt: '2026-12-01T00:00:00.000Z',
};
const member = (id: string, role: string, name: string) => ({
  id,
  userId: `u-${id}`,
  name,
  email: `${id}@example.com`,
  role,
  createdAt: '2026-12-01T00:00:00.000Z',
});
const members = [
  member('owner', 'owner', 'Olive Owner'),
  { ...member('admin', 'admin', 'Ada Admin'), userId: 'u-admin' },
  member('staff', 'staff', 'Sam Staff'),
];

type Call = { url: string; method: string; body: unknown };
/** Answers each `METHOD /path` from `routes` (else 404), recording every call. */
function serve(routes: Record<string, () => Response>, signedIn: typeof me | null = me) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      if (url === '/api/me') return json(200, { user: signedIn });
      const answer = routes[`${method} ${url}`];
      return answer ? answer() : refusal(404, 'NOT_FOUND', 'Not found.');
    }),
  );
  return calls;
}

describe('what the organization screen offers, by the server rules', () => {
  it('owners move anyone but the last owner; admins move staff and viewers only', () => {
    expect(rolesFor('owner', { role: 'staff' }, 1)).toEqual(['owner', 'admin', 'staff', 'viewer']);
    expect(rolesFor('owner', { role: 'owner' }, 1)).toEqual(['owner']);
    expect(rolesFor('owner', { role: 'owner' }, 2)).toEqual(['owner', 'admin', 'staff', 'viewer']);
    expect(rolesFor('admin', { role: 'viewer' }, 1)).toEqual(['staff', 'viewer']);
    expect(rolesFor('admin', { role: 'admin' }, 1)).toEqual(['admin']);
    expect(rolesFor('staff', { role: 'viewer' }, 1)).toEqual(['viewer']);
  });

  it('removing: never oneself, never the last owner, admins only staff and viewers', () => {
    expect(mayRemove('owner', { role: 'owner' }, 1, false)).toBe(false);
    expect(mayRemove('owner', { role: 'owner' }, 2, false)).toBe(true);
    expect(mayRemove('owner', { role: 'staff' }, 1, true)).toBe(false);
    expect(mayRemove('admin', { role: 'admin' }, 1, false)).toBe(false);
    expect(mayRemove('admin', { role: 'viewer' }, 1, false)).toBe(true);
    expect(mayRemove('staff', { role: 'viewer' }, 1, false)).toBe(false);
    expect(mayLeave('owner', 1)).toBe(false);
    expect(mayLeave('owner', 2)).toBe(true);
    expect(mayLeave('viewer', 1)).toBe(true);
  });

  it('inviting and cancelling follow the same rule', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'staff', 'viewer']);
    expect(invitableRoles('admin')).toEqual(['staff', 'viewer']);
    expect(invitableRoles('staff')).toEqual([]);
    expect(mayCancel('admin', { role: 'staff', status: 'pending' })).toBe(true);
    expect(mayCancel('admin', { role: 'staff', status: 'expired' })).toBe(true);
    expect(mayCancel('admin', { role: 'admin', status: 'pending' })).toBe(false);
    expect(mayCancel('owner', { role: 'admin', status: 'accepted' })).toBe(false);
  });
});

describe('the organization form', () => {
  it('suggests an address from the name', () => {
    expect(slugFromName('Lincoln High Boosters!')).toBe('lincoln-high-boosters');
    expect(slugFromName('  Café  Olé -- 2026 ')).toBe('cafe-ole-2026');
    expect(slugFromName('x'.repeat(50))).toHaveLength(40);
    expect(slugFromName(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
    expect(slugFromName('Crème Brûlée Club')).toBe('creme-brulee-club');
  });

  it('sends only what changed; a cleared field and a removed logo as none', () => {
    const org = { ...organization, logo: '/uploads/a.png', ein: '12-3456789' };
    const same = { name: 'Lincoln Boosters', cause: 'Band uniforms', contactEmail: '', ein: '12-3456789' };
    expect(changesOf(org, same, '/uploads/a.png')).toEqual({});
    expect(changesOf(org, { ...same, name: 'Lincoln Band', ein: '' }, '')).toEqual({
      name: 'Lincoln Band',
      ein: '',
      logo: null,
    });
  });
});

describe('coming back after signing in', () => {
  it('follows only paths inside FanGrid', () => {
    expect(returnPathOf('/orgs')).toBe('/orgs');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'orgs']) {
      expect(returnPathOf(bad), String(bad)).toBeUndefined();
    }
    expect(signInPathFor('/invitations/abc', true)).toBe('/login?next=%2Finvitations%2Fabc&mode=signup');
    expect(confirmedPathFor('/invitations/abc')).toBe('/login?confirmed=1&next=%2Finvitations%2Fabc');
    expect(confirmedPathFor(undefined)).toBe('/login?confirmed=1');
    expect(confirmedPathFor("/o/it's")).toBe('/login?confirmed=1');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor of /orgs to sign in; signed in, the login screen returns there', async () => {
    serve({ 'GET /api/orgs': () => json(200, { organizations: [] }) }, null);
    const router = renderRoutesAt(
      [
        { path: '/orgs', element: <OrgsPage /> },
        { path: '/login', element: <LoginPage /> },
      ],
      '/orgs',
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=%2Forgs'),
    );
  });

  it('a sign-up from an invitation asks for a confirmation link that comes back to it', async () => {
    const calls = serve({ 'POST /api/auth/sign-up/email': () => json(200, { user: { id: 'u1' } }) }, null);
    renderRoutesAt([{ path: '/login', element: <LoginPage /> }], '/login?next=%2Finvitations%2Fabc&mode=signup');
    expect(await screen.findByRole('heading', { name: 'Get Started' })).toBeVisible();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Sam Staff' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+12025550142' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Squares-2025!' } });
    const create = screen.getByRole('button', { name: 'Create Account' });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/sign-up/email')).toBe(true));
    const signUp = calls.find((c) => c.url === '/api/auth/sign-up/email');
    expect(signUp?.body).toMatchObject({ callbackURL: '/login?confirmed=1&next=%2Finvitations%2Fabc' });
  });
});

describe('organization screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/orgs/new shows a taken address beside its field', async () => {
    serve({
      'POST /api/orgs': () =>
        refusal(409, orgErrorCodes.slugTaken, orgMessages.slugTaken, { slug: orgMessages.slugTaken }),
    });
    renderRoutesAt([{ path: '/orgs/new', element: <NewOrgPage /> }], '/orgs/new');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'FanGrid Demo' } });
    const address = screen.getByLabelText('Address');
    expect(address).toHaveValue('fangrid-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining(orgMessages.slugTaken)));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveFocus();
  });

  it('/orgs/new creates the organization, then sets the uploaded logo by its path, and opens it', async () => {
    const stored = '/uploads/3f0c8a52-1b7e-4a8e-9c39-2a4f1d0e6b11.png';
    const calls = serve({
      'POST /api/partners/logos': () =>
        json(201, { url: `https://fangrid.example${stored}`, path: stored, contentType: 'image/png', bytes: 4 }),
      'POST /api/orgs': () => json(201, { organization }),
      'PATCH /api/orgs/lincoln': () => json(200, { organization: { ...organization, logo: stored } }),
    });
    const router = renderRoutesAt(
      [
        { path: '/orgs/new', element: <NewOrgPage /> },
        { path: '/orgs/:org', element: <p>Organization screen</p> },
      ],
      '/orgs/new',
    );
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Lincoln Boosters' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'lincoln' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo file'), { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Uploaded logo preview' })).toHaveAttribute('src', stored);
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs/lincoln'));
    expect(calls.find((c) => c.url === '/api/orgs')?.body).toEqual({
      name: 'Lincoln Boosters',
      slug: 'lincoln',
      cause: '',
      contactEmail: '',
      ein: '',
    });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ logo: stored });
  });

  it('an outsider (404) learns nothing but that it is not found', async () => {
    serve({});
    renderRoutesAt([{ path: '/orgs/:org', element: <OrgPage /> }], '/orgs/someone-else');
    expect(await screen.findByRole('heading', { name: orgMessages.notFound })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
  });

  it("an admin changes a staff member's role, not the owner's, and sees the server's refusal", async () => {
    const calls = serve({
      'GET /api/orgs/lincoln': () => json(200, { organization, role: 'admin' }),
      'GET /api/orgs/lincoln/members': () => json(200, { members }),
      'GET /api/orgs/lincoln/invitations': () => json(200, { invitations: [] }),
      'PATCH /api/orgs/lincoln/members/staff': () => refusal(403, orgErrorCodes.forbidden, orgMessages.ownerOnly),
    });
    renderRoutesAt([{ path: '/orgs/:org', element: <OrgPage /> }], '/orgs/lincoln');
    const list = await screen.findByRole('region', { name: 'Members' });
    const staffRow = (await within(list).findByText('staff@example.com')).closest('li') as HTMLElement;
    const ownerRow = within(list).getByText('owner@example.com').closest('li') as HTMLElement;
    expect(within(ownerRow).queryByRole('combobox')).toBeNull();
    expect(within(ownerRow).queryByRole('button', { name: /Remove/ })).toBeNull();
    const select = within(staffRow).getByRole('combobox', { name: 'Role of Sam Staff' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['staff', 'viewer']);
    expect(within(staffRow).getByRole('button', { name: 'Remove Sam Staff' })).toBeVisible();
    fireEvent.change(select, { target: { value: 'viewer' } });
    fireEvent.click(within(staffRow).getByRole('button', { name: 'Change role' }));
    expect(await within(staffRow).findByRole('alert')).toHaveTextContent(orgMessages.ownerOnly);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'viewer' });
    // Admins invite staff and viewers only, and may not delete the organization.
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    const role = within(invitations).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['staff', 'viewer']);
    expect(screen.queryByRole('button', { name: 'Delete organization' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Leave organization' })).toBeEnabled();
  });

  it("the last owner's delete that the server refuses (boards) says why", async () => {
    serve({
      'GET /api/orgs/lincoln': () => json(200, { organization, role: 'owner' }),
      'GET /api/orgs/lincoln/members': () => json(200, { members: [{ ...members[0], userId: me.id }] }),
      'GET /api/orgs/lincoln/invitations': () => json(200, { invitations: [] }),
      'DELETE /api/orgs/lincoln': () => refusal(409, orgErrorCodes.hasBoards, orgMessages.hasBoards),
    });
    renderRoutesAt([{ path: '/orgs/:org', element: <OrgPage /> }], '/orgs/lincoln');
    expect(
      await screen.findByText('You are the only owner: make someone else an owner before you leave.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Leave organization' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lincoln Boosters?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(orgMessages.hasBoards);
  });
});

describe('the invitation page', () => {
  afterEach(() => vi.unstubAllGlobals());
  const invitation = {
    id: 'inv1',
    role: 'staff',
    status: 'pending',
    expiresAt: '2026-12-11T00:00:00.000Z',
    expired: false,
    organization: { name: 'Lincoln Boosters', slug: 'lincoln', logo: null },
  };

  it('a visitor is asked to sign in or sign up, and comes back', async () => {
    const calls = serve({}, null);
    renderRoutesAt([{ path: '/invitations/:id', element: <InvitationPage /> }], '/invitations/inv1');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your invitation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Finvitations%2Finv1');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/login?next=%2Finvitations%2Finv1&mode=signup',
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/me']);
  });

  it.each([
    [403, orgErrorCodes.emailNotVerified, orgMessages.emailNotVerified],
    [410, orgErrorCodes.invitationExpired, orgMessages.invitationExpired],
    [409, orgErrorCodes.invitationUsed, orgMessages.invitationUsed],
  ])('an accept answered %i %s shows its message', async (status, code, message) => {
    serve({
      'GET /api/invitations/inv1': () => json(200, { invitation }),
      'POST /api/invitations/inv1/accept': () => refusal(status, code, message),
    });
    renderRoutesAt([{ path: '/invitations/:id', element: <InvitationPage /> }], '/invitations/inv1');
    expect(await screen.findByRole('heading', { name: 'Lincoln Boosters' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an accepted invitation goes to the organization', async () => {
    serve({
      'GET /api/invitations/inv1': () => json(200, { invitation }),
      'POST /api/invitations/inv1/accept': () => json(200, { organization, role: 'staff' }),
    });
    const router = renderRoutesAt(
      [
        { path: '/invitations/:id', element: <InvitationPage /> },
        { path: '/orgs/:org', element: <p>Organization screen</p> },
      ],
      '/invitations/inv1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs/lincoln'));
  });

  it('another account gets the not-found answer, with the address it is signed in with', async () => {
    serve({});
    renderRoutesAt([{ path: '/invitations/:id', element: <InvitationPage /> }], '/invitations/inv1');
    expect(await screen.findByRole('heading', { name: orgMessages.invitationNotFound })).toBeVisible();
    expect(screen.getByText(me.email)).toBeVisible();
  });
});
