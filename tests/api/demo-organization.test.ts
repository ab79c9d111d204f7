import { count, eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganization } from '../../src/server/db/demo-organization';
import { auditLog, boards, organization } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { migrationsDir } from '../../src/server/paths';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

// Migrations 0033 and 0034: every board, and every audit record of a board, belongs to an organization; the boards made before organizations, and those made
// the way boards are made today, belong to "FanGrid Demo".
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'cd'.repeat(32));
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const boardsOutside = async () =>
  (await db().select({ n: count() }).from(boards).where(sql`${boards.organizationId} <> ${demoOrganization.id}`))[0]?.n;

describe(`the FanGrid Demo organization (${testDatabaseKind})`, () => {
  it('exists, holds every seeded board, and its address is taken', async () => {
    const [org] = await db().select().from(organization).where(eq(organization.id, demoOrganization.id));
    expect(org).toMatchObject({ name: 'FanGrid Demo', slug: 'fangrid-demo', status: 'active' });
    expect((await db().select({ n: count() }).from(boards))[0]?.n).toBeGreaterThan(3);
    expect(await boardsOutside()).toBe(0);
    const someone = await signedInFan(db(), new Client(ctx.app, '10.42.0.1'), {
      email: 'demo-org-someone@example.com',
      name: 'Some One',
      phone: '+12025550146',
    });
    const res = await someone.post(apiPaths.orgs.orgs, { name: 'Impostor', slug: 'fangrid-demo' });
    expect(res.statusCode).toBe(409);
    // It has no members: nobody reaches it through the organizer API.
    expect((await someone.get(apiPaths.orgs.org('fangrid-demo'))).statusCode).toBe(404);
  });

  it('a board created as today (the admin API) belongs to it; boards behave as before', async () => {
    const admin = await signedInAdmin(ctx.app, '10.42.0.2');
    const made = await admin.post(apiPaths.admin.boards, knicksBoardBody('demo-org-board', ctx.clock.now(), 30));
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await db().select().from(boards).where(eq(boards.slug, 'demo-org-board'));
    expect(row?.organizationId).toBe(demoOrganization.id);
    expect((await admin.get(apiPaths.board('demo-org-board'))).statusCode).toBe(200);
  });

  it('an organization that runs a board is not deleted', async () => {
    const owner = await signedInFan(db(), new Client(ctx.app, '10.42.0.3'), {
      email: 'demo-org-owner@example.com',
      name: 'Board Owner',
      phone: '+12025550147',
    });
    const made = await owner.post(apiPaths.orgs.orgs, { name: 'Board Runners', slug: 'board-runners' });
    expect(made.statusCode).toBe(201);
    await db()
      .update(boards)
      .set({ organizationId: made.json().organization.id })
      .where(eq(boards.slug, 'demo-org-board'));
    const res = await owner.delete(apiPaths.orgs.org('board-runners'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('ORGANIZATION_HAS_BOARDS');
    expect((await owner.get(apiPaths.orgs.org('board-runners'))).statusCode).toBe(200);
    await db().update(boards).set({ organizationId: demoOrganization.id }).where(eq(boards.slug, 'demo-org-board'));
  });

  it('the migrations backfill the boards and audit records that were there before them', async () => {
    // Undo migrations 0033 (boards' organization) and 0034 (the audit log's and gifts' organization) on this
    // database, its boards and audit records kept without an organization, then run them again.
    const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
    const m0033 = migrations.find((m) => m.sql.join('').includes('"organization_id" text DEFAULT'));
    const m0034 = migrations.find((m) =>
      m.sql.join('').includes('ALTER TABLE "audit_log" ADD COLUMN "organization_id"'),
    );
    expect(m0033, 'migration 0033').toBeDefined();
    expect(m0034, 'migration 0034').toBeDefined();
    await db().execute(sql`alter table audit_log drop column organization_id`);
    await db().execute(sql`alter table donations drop column organization_id`);
    await db().execute(sql`alter table boards drop column organization_id`);
    await db().execute(sql`delete from organization where id = ${demoOrganization.id}`);
    await db().execute(
      sql`insert into audit_log (at, actor, action, target) values (now(), 'old-admin', 'board.lock', 'demo-org-board'),
        (now(), 'old-admin', 'prize.paid', 'demo-org-board/q1'), (now(), 'old-admin', 'gate.passcode', 'gate')`,
    );
    const before = { n: (await db().select({ n: count() }).from(boards))[0]?.n ?? 0 };
    expect(before.n).toBeGreaterThan(3);

    // The two migrations again, statement by statement (later migrations stay as they are).
    for (const m of [m0033, m0034]) {
      for (const statement of m?.sql ?? []) if (statement.trim()) await db().execute(sql.raw(statement));
    }
    expect((await db().select({ n: count() }).from(boards))[0]?.n).toBe(before.n);
    expect(await boardsOutside()).toBe(0);
    const [org] = await db().select().from(organization).where(eq(organization.id, demoOrganization.id));
    expect(org?.slug).toBe('fangrid-demo');
    const audits = await db()
      .select({ target: auditLog.target, organization_id: auditLog.organizationId })
      .from(auditLog)
      .where(eq(auditLog.actor, 'old-admin'))
      .orderBy(auditLog.target);
    expect(audits).toEqual([
      { target: 'demo-org-board', organization_id: demoOrganization.id },
      { target: 'demo-org-board/q1', organization_id: demoOrganization.id },
      { target: 'gate', organization_id: null },
    ]);
  });
});
