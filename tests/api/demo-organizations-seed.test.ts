import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../src/server/db/schema/auth';
import { demoOrganizations, demoSignInPassword, seedDemoOrganizations } from '../../src/server/db/seed/organizations';
import { hashPassword } from '../../src/server/features/accounts/passwords';
import { authEndpointPaths } from '../../src/shared/contracts/api-paths/accounts';
import { orgPaths } from '../../src/shared/contracts/api-paths/orgs';
import type { MyOrgs } from '../../src/shared/contracts/orgs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoOrganizations(ctx.database.db, hashPassword, ctx.clock.now());
});
afterAll(() => ctx.close());

describe('the demo organizations (npm start, development only)', () => {
  it("signs each listed person in with the README's password, into their organization with their role", async () => {
    let n = 0;
    for (const { organization, people } of demoOrganizations) {
      for (const person of people) {
        const client = new Client(ctx.app, `10.78.0.${++n}`);
        const res = await client.post(authEndpointPaths.signInEmail, {
          email: person.email,
          password: demoSignInPassword,
        });
        expect(res.statusCode, `${person.email}: ${res.body}`).toBe(200);
        const orgs = (await client.get(orgPaths.orgs)).json<MyOrgs>();
        expect(
          orgs.organizations.map((o) => [o.organization.slug, o.role]),
          person.email,
        ).toEqual([[organization.slug, person.role]]);
      }
    }
  });

  it('seeds once: a second start changes nothing, and a removed person stays removed', async () => {
    const viewer = demoOrganizations[1]?.people.find((p) => p.role === 'viewer');
    expect(viewer).toBeDefined();
    await ctx.database.db.delete(member).where(eq(member.userId, viewer?.id ?? ''));
    const before = await ctx.database.db.select().from(member);
    await seedDemoOrganizations(ctx.database.db, hashPassword, ctx.clock.now());
    expect(await ctx.database.db.select().from(member)).toEqual(before);
  });
});
