import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitation, member, organization, user } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { invitationLimits } from '../../src/shared/domain/org-roles';
import { signedInFan } from '../support/accounts';
import { Client, latestMailTo, linkIn } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

// Organizations on Better Auth's organization plugin, behind FanGrid's routes and rules (issue 39).
let ctx: TestContext;
const orgs = apiPaths.orgs;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** A new signed-in account on its own address. */
async function person(name = 'Org Person') {
  n++;
  const email = `org-person-${n}@example.com`;
  const c = await signedInFan(ctx.database.db, new Client(ctx.app, `10.39.${Math.floor(n / 200)}.${n % 200}`), {
    email,
    name,
    phone: '+12025550142',
  });
  return Object.assign(c, { email });
}

async function newOrg(owner: Client, slug: string, extra: object = {}) {
  const res = await owner.post(orgs.orgs, { name: `Org ${slug}`, slug, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().organization as { id: string; slug: string };
}

/** `who` invited by `by` as `role`, accepted: answers the invitation's id. */
async function join(by: Client, slug: string, who: Client & { email: string }, role: string) {
  const made = await by.post(orgs.invitations(slug), { email: who.email, role });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().invitation.id as string;
  const accepted = await who.post(apiPaths.invitations.accept(id));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}

async function memberIdOf(slug: string, userId: string) {
  const rows = await ctx.database.db
    .select({ id: member.id, userId: member.userId })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(organization.slug, slug));
  const found = rows.find((r) => r.userId === userId);
  if (!found) throw new Error(`no member ${userId} in ${slug}`);
  return found.id;
}

describe(`organizations (${testDatabaseKind})`, () => {
  it('a signed-in person creates one and becomes its owner; a visitor is refused', async () => {
    const visitor = new Client(ctx.app, '10.39.250.1');
    const refused = await visitor.post(orgs.orgs, { name: 'Nope', slug: 'visitor-org' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SIGN_IN_REQUIRED');
    expect((await visitor.get(orgs.orgs)).statusCode).toBe(401);

    const owner = await person('Olive Owner');
    const res = await owner.post(orgs.orgs, {
      name: 'Eastside Boosters',
      slug: 'eastside-boosters',
      cause: 'New uniforms for the junior varsity team.',
      contactEmail: 'Boosters@Example.com',
      ein: '123456789',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { organization: made } = res.json();
    expect(made).toMatchObject({
      name: 'Eastside Boosters',
      slug: 'eastside-boosters',
      cause: 'New uniforms for the junior varsity team.',
      contactEmail: 'boosters@example.com',
      ein: '12-3456789',
      status: 'active',
      logo: null,
    });

    const list = await owner.get(orgs.orgs);
    expect(list.statusCode).toBe(200);
    expect(list.json().organizations).toEqual([{ organization: made, role: 'owner' }]);
    const one = await owner.get(orgs.org('eastside-boosters'));
    expect(one.json()).toEqual({ organization: made, role: 'owner' });
    expect(one.headers['cache-control']).toContain('no-store');

    // The address is taken now.
    const taken = await (await person()).post(orgs.orgs, { name: 'Copy', slug: 'eastside-boosters' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: expect.any(String) } });
  });

  it('bad input answers 400 naming the field, never 500', async () => {
    const owner = await person();
    const bad: [object, string][] = [
      [{ name: 'Ok name', slug: 'ab' }, 'slug'],
      [{ name: 'Ok name', slug: 'Upper-Case' }, 'slug'],
      [{ name: 'Ok name', slug: 'double--dash' }, 'slug'],
      [{ name: 'Ok name', slug: '-leading' }, 'slug'],
      [{ name: 'Ok name', slug: 'x'.repeat(41) }, 'slug'],
      [{ name: 'Ok name', slug: 'admin' }, 'slug'],
      [{ name: 'Ok name', slug: 'api' }, 'slug'],
      [{ name: 'Ok name', slug: 'new' }, 'slug'],
      [{ name: 'Ok name', slug: 'spa ce' }, 'slug'],
      [{ name: 'Ok name', slug: 12 }, 'slug'],
      [{ name: 'N'.repeat(101), slug: 'long-name' }, 'name'],
      [{ name: 'A', slug: 'short-name' }, 'name'],
      [{ name: 'Bad\u0000Name', slug: 'nul-name' }, 'name'],
      [{ name: 'Ok name', slug: 'bad-email', contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ name: 'Ok name', slug: 'bad-ein', ein: '12-34' }, 'ein'],
      [{ name: 'Ok name', slug: 'long-cause', cause: 'c'.repeat(501) }, 'cause'],
      [{ slug: 'no-name' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const res = await owner.post(orgs.orgs, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    await newOrg(owner, 'bad-input-org');
    for (const body of [
      { name: 'x'.repeat(200) },
      { slug: 'renamed' },
      { status: 'suspended' },
      { logo: 'https://x' },
    ]) {
      const res = await owner.send('PATCH', orgs.org('bad-input-org'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      { email: 'nope', role: 'staff' },
      { email: 'ok@example.com', role: 'member' },
      { email: 'ok@example.com', role: 'superuser' },
      { email: 'ok@example.com' },
    ]) {
      const res = await owner.post(orgs.invitations('bad-input-org'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badRole = await owner.send('PATCH', orgs.member('bad-input-org', 'abc'), { role: 'god' });
    expect(badRole.statusCode).toBe(400);
    // Malformed ids and slugs in the path, raw and percent-encoded.
    for (const url of [
      '/api/orgs/bad-input-org/members/a%20b',
      '/api/orgs/bad-input-org/invitations/%00',
      `/api/orgs/bad-input-org/members/${'a'.repeat(65)}`,
      '/api/invitations/..%2f..%2fx',
      '/api/invitations/%3Cscript%3E',
      '/api/orgs/BAD-INPUT-ORG',
      '/api/orgs/bad%20input',
      '/api/orgs/bad%00input',
      '/api/orgs/%E2%82%AC%E2%82%AC%E2%82%AC',
      '/api/orgs/bad%2Finput',
    ]) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // The guard answers before validation: a malformed address is one that does not exist, as for an outsider.
    const malformed = await owner.get('/api/orgs/bad%20input');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error.code).toBe('NOT_FOUND');
    // A percent-encoded spelling of a real slug is that slug.
    expect((await owner.get('/api/orgs/bad-input-%6Frg')).statusCode).toBe(200);
  });

  it('owners and admins update it; only an owner deletes it', async () => {
    const owner = await person();
    const admin = await person();
    const staff = await person();
    await newOrg(owner, 'patch-org');
    await join(owner, 'patch-org', admin, 'admin');
    await join(owner, 'patch-org', staff, 'staff');

    const patched = await admin.send('PATCH', orgs.org('patch-org'), {
      name: 'Patched Org',
      cause: '',
      ein: '98-7654321',
      logo: '/uploads/logo.png',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().organization).toMatchObject({
      name: 'Patched Org',
      cause: null,
      ein: '98-7654321',
      logo: '/uploads/logo.png',
      slug: 'patch-org',
    });
    const cleared = await owner.send('PATCH', orgs.org('patch-org'), { ein: null, logo: null });
    expect(cleared.json().organization).toMatchObject({ ein: null, logo: null, name: 'Patched Org' });

    expect((await staff.send('PATCH', orgs.org('patch-org'), { name: 'Staff Name' })).statusCode).toBe(403);
    const adminDelete = await admin.delete(orgs.org('patch-org'));
    expect(adminDelete.statusCode).toBe(403);
    expect(adminDelete.json().error.code).toBe('FORBIDDEN');

    const deleted = await owner.delete(orgs.org('patch-org'));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await owner.get(orgs.org('patch-org'))).statusCode).toBe(404);
    expect((await owner.get(orgs.orgs)).json().organizations).toEqual([]);
    const left = await ctx.database.db.select().from(organization).where(eq(organization.slug, 'patch-org'));
    expect(left).toEqual([]);
  });
});

describe(`invitations (${testDatabaseKind})`, () => {
  let owner: Client & { email: string };
  beforeAll(async () => {
    owner = await person('Ivy Inviter');
    await newOrg(owner, 'invite-org');
  });

  it('emails a 7-day link through the outbox; the invited account sees and accepts it once', async () => {
    const guest = await person('Gus Guest');
    const res = await owner.post(orgs.invitations('invite-org'), { email: guest.email.toUpperCase(), role: 'staff' });
    expect(res.statusCode, res.body).toBe(201);
    const { invitation: inv } = res.json();
    expect(inv).toMatchObject({ email: guest.email, role: 'staff', status: 'pending' });
    expect(new Date(inv.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(7 * 86_400_000);

    const mail = await latestMailTo(ctx.database.db, guest.email);
    expect(mail?.subject).toBe('Join Org invite-org on FanGrid');
    expect(linkIn(mail?.text ?? '')).toBe(`/invitations/${inv.id}`);
    expect(mail?.text).toContain('7 days');

    const seen = await guest.get(apiPaths.invitations.invitation(inv.id));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().invitation).toMatchObject({
      id: inv.id,
      role: 'staff',
      status: 'pending',
      expired: false,
      organization: { name: 'Org invite-org', slug: 'invite-org' },
    });
    // Another account and a visitor learn nothing: the same 404 as an unknown id.
    const other = await person();
    for (const c of [other, new Client(ctx.app, '10.39.251.1')]) {
      const r = await c.get(apiPaths.invitations.invitation(inv.id));
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('NOT_FOUND');
    }
    expect((await guest.get(apiPaths.invitations.invitation('unknown-id'))).statusCode).toBe(404);

    const wrong = await other.post(apiPaths.invitations.accept(inv.id));
    expect(wrong.statusCode).toBe(404);
    expect((await new Client(ctx.app, '10.39.251.2').post(apiPaths.invitations.accept(inv.id))).statusCode).toBe(401);

    const accepted = await guest.post(apiPaths.invitations.accept(inv.id));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ organization: { slug: 'invite-org' }, role: 'staff' });
    expect((await guest.get(orgs.orgs)).json().organizations).toMatchObject([{ role: 'staff' }]);

    const again = await guest.post(apiPaths.invitations.accept(inv.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVITATION_USED');
    expect((await guest.get(apiPaths.invitations.invitation(inv.id))).json().invitation.status).toBe('accepted');

    const members = await owner.get(orgs.members('invite-org'));
    expect(members.json().members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [guest.email, 'staff'],
    ]);
    // Inviting a member again is refused.
    const dup = await owner.post(orgs.invitations('invite-org'), { email: guest.email, role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('ALREADY_MEMBER');
  });

  it('an expired invitation (by the injected clock) is refused clearly', async () => {
    const late = await person();
    const made = (await owner.post(orgs.invitations('invite-org'), { email: late.email, role: 'viewer' })).json();
    ctx.clock.advance(7 * 86_400_000 + 1000);
    try {
      const seen = await late.get(apiPaths.invitations.invitation(made.invitation.id));
      expect(seen.json().invitation).toMatchObject({ status: 'expired', expired: true });
      const res = await late.post(apiPaths.invitations.accept(made.invitation.id));
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe('INVITATION_EXPIRED');
      const listed = (await owner.get(orgs.invitations('invite-org'))).json().invitations;
      expect(listed.find((i: { id: string }) => i.id === made.invitation.id).status).toBe('expired');
    } finally {
      ctx.clock.advance(-(7 * 86_400_000 + 1000));
    }
    expect((await late.get(orgs.orgs)).json().organizations).toEqual([]);
  });

  it('an account whose email is not confirmed cannot accept', async () => {
    const unconfirmed = await person();
    const made = (
      await owner.post(orgs.invitations('invite-org'), { email: unconfirmed.email, role: 'viewer' })
    ).json();
    await ctx.database.db.update(user).set({ emailVerified: false }).where(eq(user.email, unconfirmed.email));
    const res = await unconfirmed.post(apiPaths.invitations.accept(made.invitation.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    await ctx.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, unconfirmed.email));
    expect((await unconfirmed.post(apiPaths.invitations.accept(made.invitation.id))).statusCode).toBe(200);
  });

  it('a cancelled invitation cannot be accepted; inviting again cancels the pending one', async () => {
    const guest = await person();
    const first = (await owner.post(orgs.invitations('invite-org'), { email: guest.email, role: 'viewer' })).json();
    const second = (await owner.post(orgs.invitations('invite-org'), { email: guest.email, role: 'staff' })).json();
    expect(second.invitation.id).not.toBe(first.invitation.id);
    const [old] = await ctx.database.db.select().from(invitation).where(eq(invitation.id, first.invitation.id));
    expect(old?.status).toBe('canceled');
    const refused = await guest.post(apiPaths.invitations.accept(first.invitation.id));
    expect(refused.statusCode).toBe(409);

    const cancelled = await owner.delete(orgs.invitation('invite-org', second.invitation.id));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().invitation.status).toBe('canceled');
    // Cancelling again changes nothing.
    expect((await owner.delete(orgs.invitation('invite-org', second.invitation.id))).json().invitation.status).toBe(
      'canceled',
    );
    const res = await guest.post(apiPaths.invitations.accept(second.invitation.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVITATION_USED');
    expect((await owner.delete(orgs.invitation('invite-org', 'no-such-invitation'))).statusCode).toBe(404);
  });

  it('admins invite staff and viewers only; owners invite any role', async () => {
    const admin = await person();
    await join(owner, 'invite-org', admin, 'admin');
    for (const role of ['owner', 'admin']) {
      const res = await admin.post(orgs.invitations('invite-org'), { email: `by-admin-${role}@example.com`, role });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    for (const role of ['staff', 'viewer']) {
      const res = await admin.post(orgs.invitations('invite-org'), { email: `by-admin-${role}@example.com`, role });
      expect(res.statusCode, role).toBe(201);
    }
    const toOwner = await owner.post(orgs.invitations('invite-org'), { email: 'co-owner@example.com', role: 'owner' });
    expect(toOwner.statusCode).toBe(201);
    // An admin cannot cancel an owner's invitation either.
    expect((await admin.delete(orgs.invitation('invite-org', toOwner.json().invitation.id))).statusCode).toBe(403);
  });
});

describe(`members and the last owner (${testDatabaseKind})`, () => {
  it('owners change roles and remove members; admins manage staff and viewers only', async () => {
    const owner = await person();
    const admin = await person();
    const staff = await person();
    await newOrg(owner, 'roles-org');
    await join(owner, 'roles-org', admin, 'admin');
    await join(owner, 'roles-org', staff, 'staff');
    const staffId = await memberIdOf('roles-org', staff.userId);
    const adminId = await memberIdOf('roles-org', admin.userId);

    const toViewer = await admin.send('PATCH', orgs.member('roles-org', staffId), { role: 'viewer' });
    expect(toViewer.statusCode, toViewer.body).toBe(200);
    expect(toViewer.json().member).toMatchObject({ id: staffId, role: 'viewer', email: staff.email });
    expect((await admin.send('PATCH', orgs.member('roles-org', staffId), { role: 'admin' })).statusCode).toBe(403);
    expect((await staff.send('PATCH', orgs.member('roles-org', adminId), { role: 'viewer' })).statusCode).toBe(403);
    const ownerId = await memberIdOf('roles-org', owner.userId);
    expect((await admin.send('PATCH', orgs.member('roles-org', ownerId), { role: 'admin' })).statusCode).toBe(403);
    expect((await admin.delete(orgs.member('roles-org', ownerId))).statusCode).toBe(403);
    // Even a change to the role it already has: an admin does not touch an owner.
    expect((await admin.send('PATCH', orgs.member('roles-org', ownerId), { role: 'owner' })).statusCode).toBe(403);

    expect((await owner.send('PATCH', orgs.member('roles-org', adminId), { role: 'staff' })).statusCode).toBe(200);
    expect((await owner.send('PATCH', orgs.member('roles-org', 'no-such-member'), { role: 'staff' })).statusCode).toBe(
      404,
    );
    const removed = await owner.delete(orgs.member('roles-org', staffId));
    expect(removed.statusCode).toBe(200);
    // A removed member gets 404 on the very next request, as if the organization did not exist.
    const next = await staff.get(orgs.org('roles-org'));
    expect(next.statusCode).toBe(404);
    expect(next.json().error.code).toBe('NOT_FOUND');
    expect((await staff.get(orgs.orgs)).json().organizations).toEqual([]);
  });

  it('the last owner can neither leave, be removed nor be demoted; with a second owner they can', async () => {
    const owner = await person();
    const second = await person();
    await newOrg(owner, 'last-owner-org');
    const ownerId = await memberIdOf('last-owner-org', owner.userId);
    for (const res of [
      await owner.post(orgs.leave('last-owner-org')),
      await owner.delete(orgs.member('last-owner-org', ownerId)),
      await owner.send('PATCH', orgs.member('last-owner-org', ownerId), { role: 'admin' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('LAST_OWNER');
    }
    await join(owner, 'last-owner-org', second, 'owner');
    expect((await owner.send('PATCH', orgs.member('last-owner-org', ownerId), { role: 'admin' })).statusCode).toBe(200);
    const secondId = await memberIdOf('last-owner-org', second.userId);
    expect((await second.post(orgs.leave('last-owner-org'))).statusCode).toBe(409);
    expect((await second.send('PATCH', orgs.member('last-owner-org', secondId), { role: 'staff' })).statusCode).toBe(
      409,
    );
    // The admin (once an owner) leaves; the owner stays.
    expect((await owner.post(orgs.leave('last-owner-org'))).statusCode).toBe(200);
    expect((await owner.get(orgs.org('last-owner-org'))).statusCode).toBe(404);
  });

  it('two owners demoting each other at once: one passes, the organization keeps an owner', async () => {
    const a = await person();
    const b = await person();
    await newOrg(a, 'race-org');
    await join(a, 'race-org', b, 'owner');
    const aId = await memberIdOf('race-org', a.userId);
    const bId = await memberIdOf('race-org', b.userId);
    const results = await Promise.all([
      a.send('PATCH', orgs.member('race-org', bId), { role: 'admin' }),
      b.send('PATCH', orgs.member('race-org', aId), { role: 'admin' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    // The loser is either refused as the last owner, or no longer allowed to manage roles (demoted first).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await ctx.database.db
      .select()
      .from(member)
      .where(eq(member.role, 'owner'))
      .then((rows) => rows.filter((r) => r.id === aId || r.id === bId));
    expect(owners).toHaveLength(1);

    // Two owners demoting themselves at once: one of them stays an owner.
    const c = await person();
    const d = await person();
    await newOrg(c, 'race-self-org');
    await join(c, 'race-self-org', d, 'owner');
    const cId = await memberIdOf('race-self-org', c.userId);
    const dId = await memberIdOf('race-self-org', d.userId);
    const selves = await Promise.all([
      c.send('PATCH', orgs.member('race-self-org', cId), { role: 'viewer' }),
      d.send('PATCH', orgs.member('race-self-org', dId), { role: 'viewer' }),
    ]);
    expect(selves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const left = await ctx.database.db.select().from(member).where(eq(member.role, 'owner'));
    expect(left.filter((r) => r.id === cId || r.id === dId)).toHaveLength(1);
  });
});

describe(`invitation emails are limited (${testDatabaseKind})`, () => {
  it('per inviting account an hour and per address a day, with Retry-After; a refused invite writes nothing', async () => {
    const owner = await person();
    await newOrg(owner, 'limits-org');
    const { perInviterPerHour, perAddressPerDay } = invitationLimits;
    // One address: five invitations a day, from any organization.
    const target = 'popular@fangrid.test';
    for (let i = 0; i < perAddressPerDay.max; i++) {
      const res = await owner.post(orgs.invitations('limits-org'), { email: target, role: 'viewer' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const other = await person();
    await newOrg(other, 'limits-org-2');
    const refused = await other.post(orgs.invitations('limits-org-2'), { email: target, role: 'viewer' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('INVITATIONS_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const toTarget = await ctx.database.db.select().from(invitation).where(eq(invitation.email, target));
    expect(toTarget).toHaveLength(perAddressPerDay.max);
    // One inviter: thirty an hour, to anyone (the five above count).
    let sent = perAddressPerDay.max;
    while (sent < perInviterPerHour.max) {
      const res = await owner.post(orgs.invitations('limits-org'), {
        email: `guest${sent}@fangrid.test`,
        role: 'viewer',
      });
      expect(res.statusCode, res.body).toBe(201);
      sent++;
    }
    const more = await owner.post(orgs.invitations('limits-org'), { email: 'one-more@fangrid.test', role: 'viewer' });
    expect(more.statusCode).toBe(429);
    expect(
      await ctx.database.db.select().from(invitation).where(eq(invitation.email, 'one-more@fangrid.test')),
    ).toEqual([]);
  });
});

describe(`accepting at once (${testDatabaseKind})`, () => {
  it('two pending invitations of one person accepted at the same moment make one membership', async () => {
    const owner = await person();
    const guest = await person();
    await newOrg(owner, 'twice-org');
    const made = await owner.post(orgs.invitations('twice-org'), { email: guest.email, role: 'staff' });
    expect(made.statusCode, made.body).toBe(201);
    const [first] = await ctx.database.db.select().from(invitation).where(eq(invitation.id, made.json().invitation.id));
    if (!first) throw new Error('no invitation');
    // A second pending invitation beside the first (a re-invite cancels the old one; this is the race it loses).
    await ctx.database.db.insert(invitation).values({ ...first, id: `${first.id}-2`, role: 'viewer' });
    const results = await Promise.all([
      guest.post(apiPaths.invitations.accept(first.id)),
      guest.post(apiPaths.invitations.accept(`${first.id}-2`)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(member).where(eq(member.userId, guest.userId));
    expect(rows).toHaveLength(1);
  });
});

describe(`Better Auth's own organization endpoints stay closed (${testDatabaseKind})`, () => {
  it('answers 404 to each of them, signed in or not', async () => {
    const owner = await person();
    await newOrg(owner, 'closed-org');
    for (const path of [
      'organization/create',
      'organization/list',
      'organization/invite-member',
      'organization/accept-invitation',
      'organization/update-member-role',
      'organization/remove-member',
      'organization/leave',
      'organization/delete',
      'organization/get-full-organization',
      'organization/set-active',
    ]) {
      const url = `/api/auth/${path}`;
      const post = await owner.post(url, { organizationId: 'x', slug: 'sneaky-org', name: 'Sneaky' });
      expect(post.statusCode, url).toBe(404);
      expect((await owner.get(url)).statusCode, url).toBe(404);
    }
    expect(await ctx.database.db.select().from(organization).where(eq(organization.slug, 'sneaky-org'))).toEqual([]);
  });
});
