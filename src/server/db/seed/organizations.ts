import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { OrgRole } from '../../../shared/domain/org-roles';
import type { Db } from '../client';
import { demoOrganization } from '../demo-organization';
import { account, member, organization, user } from '../schema/auth';

/** The password of every development sign-in below (README lists them). Never seeded in production. */
export const demoSignInPassword = 'FanGrid-demo-2025';

interface DemoPerson {
  id: string;
  email: string;
  name: string;
  phone: string;
  role: OrgRole;
}

/**
 * The demo's organizations and their people, for trying the organizer screens on `npm start`: FanGrid Demo
 * (whose boards are the seeded demo boards) and a youth league with no board yet, each with an owner and staff,
 * the league with a viewer too. Their emails are on the reserved `.test` domain; their confirmed accounts sign
 * in with `demoSignInPassword`.
 */
export const demoOrganizations: readonly {
  organization: { id: string; slug: string; name: string; cause: string; contactEmail: string };
  people: readonly DemoPerson[];
}[] = [
  {
    organization: {
      ...demoOrganization,
      cause: 'Youth sports programs of the FanGrid Community Fund',
      contactEmail: 'hello@fangrid-demo.test',
    },
    people: [
      {
        id: 'user_demo_owner',
        email: 'owner@fangrid-demo.test',
        name: 'Dana Owner',
        phone: '+12025550161',
        role: 'owner',
      },
      {
        id: 'user_demo_staff',
        email: 'staff@fangrid-demo.test',
        name: 'Sam Staff',
        phone: '+12025550162',
        role: 'staff',
      },
    ],
  },
  {
    organization: {
      id: 'org_northside_hoops',
      slug: 'northside-hoops',
      name: 'Northside Youth Hoops',
      cause: 'Court time, jerseys and travel for 120 players aged 8 to 14',
      contactEmail: 'boosters@northside-hoops.test',
    },
    people: [
      {
        id: 'user_northside_owner',
        email: 'owner@northside-hoops.test',
        name: 'Riley Coach',
        phone: '+13125550163',
        role: 'owner',
      },
      {
        id: 'user_northside_staff',
        email: 'staff@northside-hoops.test',
        name: 'Jordan Helper',
        phone: '+13125550164',
        role: 'staff',
      },
      {
        id: 'user_northside_viewer',
        email: 'viewer@northside-hoops.test',
        name: 'Alex Treasurer',
        phone: '+13125550165',
        role: 'viewer',
      },
    ],
  },
];

/**
 * Seeds the demo organizations, their people's confirmed accounts and their memberships, once: what exists
 * already (by id) is left as it is, so a person who changed their password, role or membership keeps it across
 * restarts.
 * Only for development (main.ts never calls it in production: the password is public).
 */
export async function seedDemoOrganizations(db: Db, hashPassword: (password: string) => Promise<string>, now: Date) {
  const people = demoOrganizations.flatMap((o) => o.people);
  const existing = new Set(
    (
      await db
        .select({ id: user.id })
        .from(user)
        .where(
          inArray(
            user.id,
            people.map((p) => p.id),
          ),
        )
    ).map((r) => r.id),
  );
  const missing = people.filter((p) => !existing.has(p.id));
  const hash = missing.length > 0 ? await hashPassword(demoSignInPassword) : '';
  await db.transaction(async (tx) => {
    for (const p of missing) {
      await tx
        .insert(user)
        .values({
          id: p.id,
          email: p.email,
          name: p.name,
          phone: p.phone,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      await tx
        .insert(account)
        .values({
          id: `acct_${p.id}`,
          accountId: p.id,
          providerId: 'credential',
          userId: p.id,
          password: hash,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }
    for (const { organization: org, people: members } of demoOrganizations) {
      await tx
        .insert(organization)
        .values({ ...org, createdAt: now })
        .onConflictDoNothing();
      // FanGrid Demo comes from a migration, without a cause or contact: the demo's are filled in once.
      await tx
        .update(organization)
        .set({ cause: org.cause, contactEmail: org.contactEmail })
        .where(and(eq(organization.id, org.id), isNull(organization.cause)));
      // A person's membership is seeded with their account only: one removed from the demo stays removed.
      for (const p of members.filter((m) => missing.includes(m))) {
        await tx
          .insert(member)
          .values({ id: `member_${p.id}`, organizationId: org.id, userId: p.id, role: p.role, createdAt: now })
          .onConflictDoNothing();
      }
    }
  });
}
