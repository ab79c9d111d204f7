import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, twoFactor, user } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { fanPassword, signedInFan } from '../support/accounts';
import { Client, latestMailTo, linkIn } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { totpCodeOf, wrongTotpCodeOf } from '../support/two-factor';

// Two-factor authentication (Better Auth's two-factor plugin behind FanGrid's routes), and the rule that
// platform staff and organization owners and admins must use it where it is required (issue 39).
let ctx: TestContext;
const tf = apiPaths.twoFactor;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { twoFactorRequired: true } });
});
afterAll(() => ctx?.close());

async function person() {
  n++;
  const email = `two-factor-${n}@example.com`;
  const c = await signedInFan(ctx.database.db, new Client(ctx.app, `10.77.0.${n}`), {
    email,
    name: `Two Factor ${n}`,
    phone: '+12025550143',
  });
  return Object.assign(c, { email });
}

/** Turns two-factor on for `c` (password, then a code from the secret): answers the URI and backup codes. */
async function enable(c: Client) {
  const setup = await c.post(tf.enable, { password: fanPassword });
  expect(setup.statusCode, setup.body).toBe(200);
  const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
  const confirmed = await c.post(tf.verifyTotp, { code: await totpCodeOf(totpURI) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { totpURI, backupCodes };
}

/** Bodies that pass the organizer routes' schemas, so what answers is the guard. */
const validBodies: Record<string, unknown> = {
  'PATCH /api/orgs/:org': { name: 'Renamed By Two Factor Test' },
  'PATCH /api/orgs/:org/members/:memberId': { role: 'viewer' },
  'POST /api/orgs/:org/invitations': { email: 'tf-invitee@example.com', role: 'viewer' },
  'POST /api/orgs/:org/leave': {},
  'DELETE /api/orgs/:org': {},
  'DELETE /api/orgs/:org/members/:memberId': {},
  'DELETE /api/orgs/:org/invitations/:id': {},
};

const signIn = (c: Client, email: string) =>
  c.post(apiPaths.authEndpoints.signInEmail, { email, password: fanPassword });

describe(`two-factor authentication (${testDatabaseKind})`, () => {
  it('turns on with the password and a code, then a sign-in needs the code; a wrong code is refused', async () => {
    const fan = await person();
    expect((await fan.get(tf.status)).json()).toEqual({ enabled: false, required: false });
    expect((await fan.post(tf.enable, { password: 'not-the-password' })).statusCode).toBe(400);
    const { totpURI, backupCodes } = await enable(fan);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/FanGrid:/);
    expect(backupCodes).toHaveLength(10);
    expect((await fan.get(tf.status)).json()).toEqual({ enabled: true, required: false });
    // The secret is stored encrypted, never as the URI shows it.
    const [row] = await ctx.database.db.select().from(twoFactor).where(eq(twoFactor.userId, fan.userId));
    expect(row?.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));

    const later = new Client(ctx.app, '10.77.1.1');
    const first = await signIn(later, fan.email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await later.get(apiPaths.me)).json().user).toBeNull();

    for (const code of ['12345', 'abcdef', '']) {
      const bad = await later.post(tf.verifyTotp, { code });
      expect(bad.statusCode, code).toBe(400);
    }
    const wrong = await later.post(tf.verifyTotp, { code: await wrongTotpCodeOf(totpURI) });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    expect((await later.get(apiPaths.me)).json().user).toBeNull();

    const right = await later.post(tf.verifyTotp, { code: await totpCodeOf(totpURI) });
    expect(right.statusCode, right.body).toBe(200);
    expect((await later.get(apiPaths.me)).json().user?.email).toBe(fan.email);
    // The sign-ins log: the password step and the wrong code as attempts, the second step's success with the account.
    const logged = await ctx.database.db
      .select({ status: loginAttempts.status, userId: loginAttempts.userId, ip: loginAttempts.ip })
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, '10.77.1.1'));
    expect(logged.map((r) => r.status).sort()).toEqual(['attempted', 'attempted', 'success']);
    expect(logged.find((r) => r.status === 'success')?.userId).toBe(fan.userId);
  });

  it('takes a backup code once instead of the app code', async () => {
    const fan = await person();
    const { backupCodes } = await enable(fan);
    const code = backupCodes[0] ?? '';
    const browser = new Client(ctx.app, '10.77.1.2');
    expect((await signIn(browser, fan.email)).json().twoFactorRedirect).toBe(true);
    // Typed without its dash, it is still the code.
    const used = await browser.post(tf.verifyBackupCode, { code: code.replace('-', '') });
    expect(used.statusCode, used.body).toBe(200);
    expect((await browser.get(apiPaths.me)).json().user?.email).toBe(fan.email);

    const again = new Client(ctx.app, '10.77.1.3');
    expect((await signIn(again, fan.email)).json().twoFactorRedirect).toBe(true);
    const reused = await again.post(tf.verifyBackupCode, { code });
    expect(reused.statusCode, reused.body).toBe(401);
    expect(reused.json().error.code).toBe('INVALID_BACKUP_CODE');
    expect((await again.post(tf.verifyBackupCode, { code: 'not a code' })).statusCode).toBe(400);
    const other = await again.post(tf.verifyBackupCode, { code: backupCodes[1] });
    expect(other.statusCode, other.body).toBe(200);

    // New codes for the password: the old ones stop working.
    expect((await again.post(tf.generateBackupCodes, { password: 'wrong-password' })).statusCode).toBe(400);
    const renewed = await again.post(tf.generateBackupCodes, { password: fanPassword });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    const third = new Client(ctx.app, '10.77.1.9');
    expect((await signIn(third, fan.email)).json().twoFactorRedirect).toBe(true);
    expect((await third.post(tf.verifyBackupCode, { code: backupCodes[2] })).statusCode).toBe(401);
    expect((await third.post(tf.verifyBackupCode, { code: fresh[0] })).statusCode).toBe(200);
  });

  it('a second step without a password first is refused, never a 500', async () => {
    const stranger = new Client(ctx.app, '10.77.1.4');
    const res = await stranger.post(tf.verifyTotp, { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect((await stranger.post(tf.verifyBackupCode, { code: 'abcde-12345' })).statusCode).toBe(401);
    expect((await stranger.post(tf.enable, { password: fanPassword })).statusCode).toBe(401);
    expect((await stranger.get(tf.status)).statusCode).toBe(401);
    expect((await stranger.post(tf.generateBackupCodes, { password: fanPassword })).statusCode).toBe(401);
  });

  it('turns off with the password; then the password alone signs in', async () => {
    const fan = await person();
    await enable(fan);
    expect((await fan.post(tf.disable, { password: 'wrong-password' })).statusCode).toBe(400);
    const off = await fan.post(tf.disable, { password: fanPassword });
    expect(off.statusCode, off.body).toBe(200);
    const browser = new Client(ctx.app, '10.77.1.5');
    const res = await signIn(browser, fan.email);
    expect(res.json().twoFactorRedirect).toBeUndefined();
    expect((await browser.get(apiPaths.me)).json().user?.email).toBe(fan.email);
  });

  it('no emailed sign-in link for an account with two-factor on (it would skip the second step)', async () => {
    const fan = await person();
    await enable(fan);
    const res = await new Client(ctx.app, '10.77.1.6').post(apiPaths.authEndpoints.signInLink, { email: fan.email });
    expect(res.statusCode).toBe(200);
    expect((await latestMailTo(ctx.database.db, fan.email))?.subject).toBe('Confirm your FanGrid account');
  });

  it('a sign-in link sent before two-factor was turned on signs nobody in', async () => {
    const fan = await person();
    const asked = await new Client(ctx.app, '10.77.1.7').post(apiPaths.authEndpoints.signInLink, { email: fan.email });
    expect(asked.statusCode).toBe(200);
    const mail = await latestMailTo(ctx.database.db, fan.email);
    expect(mail?.subject).toBe('Your FanGrid sign-in link');
    await enable(fan);
    const browser = new Client(ctx.app, '10.77.1.8');
    const followed = await browser.get(linkIn(mail?.text ?? ''));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/login?link=failed');
    expect((await browser.get(apiPaths.me)).json().user).toBeNull();
  });

  it('where required, an owner without two-factor gets 403 TWO_FACTOR_REQUIRED until it is on', async () => {
    const owner = await person();
    const made = await owner.post(apiPaths.orgs.orgs, { name: 'Two Factor Club', slug: `tf-club-${n}` });
    expect(made.statusCode, made.body).toBe(201);
    const slug = made.json().organization.slug as string;
    // The list of one's organizations is not an organizer route: it shows them what to do.
    expect((await owner.get(apiPaths.orgs.orgs)).statusCode).toBe(200);
    expect((await owner.get(tf.status)).json()).toEqual({ enabled: false, required: true });
    const refused = await owner.get(apiPaths.orgs.members(slug));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(refused.json().error.message).toMatch(/account settings/);
    // Every organizer route in the route table refuses them (a body its schema refuses is a 400 first).
    const organizerRoutes = routeTable(ctx.app).filter((r) => r.pattern.startsWith('/api/orgs/:org'));
    expect(organizerRoutes.length).toBeGreaterThan(5);
    for (const route of organizerRoutes) {
      const url = fillPattern(route.pattern, { org: slug });
      const body = validBodies[`${route.method} ${route.pattern}`] ?? {};
      const res = await owner.send(route.method as 'GET', url, route.method === 'GET' ? undefined : body);
      const code = res.json().error?.code;
      if (route.method === 'GET' || `${route.method} ${route.pattern}` in validBodies) {
        expect(code, `${route.method} ${route.pattern}`).toBe('TWO_FACTOR_REQUIRED');
      } else {
        expect(['TWO_FACTOR_REQUIRED', 'VALIDATION_FAILED'], `${route.method} ${route.pattern}`).toContain(code);
      }
    }
    // An outsider still gets the same 404 as for any organization.
    const outsider = await person();
    expect((await outsider.get(apiPaths.orgs.members(slug))).statusCode).toBe(404);

    await enable(owner);
    const members = await owner.get(apiPaths.orgs.members(slug));
    expect(members.statusCode, members.body).toBe(200);
  });

  it('where required, platform staff without two-factor are refused even as an organization viewer', async () => {
    const owner = await person();
    await enable(owner);
    const slug = `tf-staff-${n}`;
    expect((await owner.post(apiPaths.orgs.orgs, { name: 'Staffed Club', slug })).statusCode).toBe(201);
    const staff = await person();
    await ctx.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, staff.userId));
    const invited = await owner.post(apiPaths.orgs.invitations(slug), { email: staff.email, role: 'viewer' });
    const accepted = await staff.post(apiPaths.invitations.accept(invited.json().invitation.id));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await staff.get(apiPaths.orgs.members(slug))).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    await enable(staff);
    expect((await staff.get(apiPaths.orgs.members(slug))).statusCode).toBe(200);
  });
});

describe('two-factor where it is not required (development and tests by default)', () => {
  it('lets an owner without two-factor in', async () => {
    const other = await createTestApp();
    try {
      const owner = await signedInFan(other.database.db, new Client(other.app, '10.77.2.1'), {
        email: 'tf-free-owner@example.com',
        name: 'Free Owner',
        phone: '+12025550144',
      });
      expect((await owner.post(apiPaths.orgs.orgs, { name: 'Free Club', slug: 'tf-free-club' })).statusCode).toBe(201);
      expect((await owner.get(apiPaths.orgs.members('tf-free-club'))).statusCode).toBe(200);
      expect((await owner.get(tf.status)).json()).toEqual({ enabled: false, required: false });
    } finally {
      await other.close();
    }
  });
});
