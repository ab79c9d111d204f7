import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { member } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';

// Two server instances on one database, each with its own connection pool: a member removed on one is refused on
// the other at its very next request (the organization guard reads the membership from the database every time).
const settings = { authSecret: 'test-secret-for-two-org-instances-0123' };
let a: TestContext;
let second: Database;
let appB: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp({ settings });
  second = await openSecondConnection(a.database);
  appB = await buildApp({ database: second, clock: fixedClock('2025-06-11T16:00:00Z'), logger: false, settings });
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await a?.close();
});

describe(`organizations on two instances (${testDatabaseKind})`, () => {
  it('a member removed on one instance gets 404 on the other at once', async () => {
    const owner = await signedInFan(a.database.db, new Client(a.app, '10.41.0.1'), {
      email: 'two-instances-owner@example.com',
      name: 'Two Owner',
      phone: '+12025550144',
    });
    const staffOnA = await signedInFan(a.database.db, new Client(a.app, '10.41.0.2'), {
      email: 'two-instances-staff@example.com',
      name: 'Two Staff',
      phone: '+12025550145',
    });
    expect((await owner.post(apiPaths.orgs.orgs, { name: 'Two Instances', slug: 'two-instances' })).statusCode).toBe(
      201,
    );
    const made = await owner.post(apiPaths.orgs.invitations('two-instances'), {
      email: 'two-instances-staff@example.com',
      role: 'staff',
    });
    expect((await staffOnA.post(apiPaths.invitations.accept(made.json().invitation.id))).statusCode).toBe(200);

    // The same session cookie, on instance B.
    const onB = (url: string) => appB.inject({ method: 'GET', url, headers: { cookie: staffOnA.cookieHeader } });
    expect((await onB(apiPaths.orgs.members('two-instances'))).statusCode).toBe(200);

    const [row] = await a.database.db.select().from(member).where(eq(member.userId, staffOnA.userId));
    expect((await owner.delete(apiPaths.orgs.member('two-instances', row?.id ?? ''))).statusCode).toBe(200);

    const next = await onB(apiPaths.orgs.members('two-instances'));
    expect(next.statusCode).toBe(404);
    expect(next.json().error.code).toBe('NOT_FOUND');
    expect((await onB(apiPaths.orgs.orgs)).json().organizations).toEqual([]);
  });
});
