import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, entries, organization, prizes } from '../../src/server/db/schema';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody, scoresFor } from '../support/boards';
import { Client, latestMailTo } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

// The platform suspends and restores an organization (audited, its owners emailed). While suspended it opens no
// board and takes no entry; its locked boards play to the end and their prizes are made.

let ctx: TestContext;
let owner: Client & { userId: string };
let admin: Client;
const ORG = 'gamma-hoops';
const OPEN = 'gamma-open';
const LOCKED = 'gamma-locked';
const OWNER_EMAIL = 'gamma-owner@example.com';
const o = apiPaths.organizer;
const db = () => ctx.database.db;
const boardBody = (slug: string) => {
  const { organization: _given, ...body } = knicksBoardBody(slug, ctx.clock.now(), 30);
  return body;
};
const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
let fans = 0;
const enter = (slug: string) =>
  new Client(ctx.app, `10.78.1.${++fans}`).post(apiPaths.boardEntries(slug), {
    phone: '+12025550145',
    nickname: `F${fans}`,
    amountCents: null,
    ageConfirmed: true,
    rulesAccepted: true,
    idempotencyKey: `suspension-${fans}`,
  });
const entryCount = async (slug: string) =>
  (
    await db()
      .select({ n: count() })
      .from(entries)
      .innerJoin(boards, eq(entries.boardId, boards.id))
      .where(eq(boards.slug, slug))
  )[0]?.n;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
  owner = await signedInFan(db(), new Client(ctx.app, '10.78.0.1'), {
    email: OWNER_EMAIL,
    name: 'Gamma Owner',
    phone: '+12025550146',
  });
  expect((await owner.post(apiPaths.orgs.orgs, { name: 'Gamma Hoops', slug: ORG })).statusCode).toBe(201);
  for (const slug of [OPEN, LOCKED]) expect((await owner.post(o.boards(ORG), boardBody(slug))).statusCode).toBe(201);
  const csv = ['Nickname,Age Confirmed', ...Array.from({ length: 100 }, (_, i) => `G${i},yes`)].join('\r\n');
  expect((await owner.post(o.entriesImport(ORG), { boardSlug: LOCKED, csv })).statusCode).toBe(200);
  admin = await signedInAdmin(ctx.app, '10.78.0.2');
}, 60_000);
afterAll(() => ctx?.close());

describe(`suspending an organization (${testDatabaseKind})`, () => {
  it('the platform lists every organization with its totals; nobody else reads the list', async () => {
    const res = await admin.get(apiPaths.admin.orgs);
    expect(res.statusCode, res.body).toBe(200);
    const gamma = res.json().organizations.find((r: { organization: { slug: string } }) => r.organization.slug === ORG);
    expect(gamma).toMatchObject({ members: 1, boards: 2, openBoards: 1, entries: 100, giftsCents: 0 });
    expect(gamma.organization.status).toBe('active');
    expect(res.json().organizations.map((r: { organization: { slug: string } }) => r.organization.slug)).toContain(
      'fangrid-demo',
    );
    for (const who of [owner, new Client(ctx.app, '10.78.0.3')]) {
      expect((await who.get(apiPaths.admin.orgs)).statusCode).toBe(401);
      expect((await who.post(apiPaths.admin.orgSuspend(ORG), { reason: 'Not allowed' })).statusCode).toBe(401);
    }
  });

  it('bad input gets a clear 4xx and changes nothing', async () => {
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(301) }, { reason: 12 }]) {
      const res = await admin.post(apiPaths.admin.orgSuspend(ORG), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(apiPaths.admin.orgSuspend('no-such-org'), { reason: 'Testing' })).statusCode).toBe(404);
    expect((await admin.post(apiPaths.admin.orgRestore(ORG))).statusCode).toBe(409);
    const [row] = await db().select().from(organization).where(eq(organization.slug, ORG));
    expect(row?.status).toBe('active');
  });

  it('a suspended organization opens no board and takes no entry; its locked board plays to the end', async () => {
    const res = await admin.post(apiPaths.admin.orgSuspend(ORG), { reason: 'Unpaid prizes reported by fans' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization.status).toBe('suspended');
    expect((await admin.post(apiPaths.admin.orgSuspend(ORG), { reason: 'Again' })).statusCode).toBe(409);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organization.suspend'), eq(auditLog.target, `organization:${ORG}`)));
    expect(audit?.organizationId).toBe(res.json().organization.id);
    expect(audit?.after).toMatchObject({ status: 'suspended', reason: 'Unpaid prizes reported by fans' });
    expect(audit?.actor).toContain('admin session');
    const mail = await latestMailTo(db(), OWNER_EMAIL);
    expect(mail?.subject).toBe('Gamma Hoops is suspended on FanGrid');
    expect(mail?.text).toContain('Unpaid prizes reported by fans');

    // No entry on its open board, changing nothing.
    const before = await entryCount(OPEN);
    const refused = await enter(OPEN);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('ORGANIZATION_SUSPENDED');
    expect(await entryCount(OPEN)).toBe(before);
    // No new board, and no board opened early.
    const made = await owner.post(o.boards(ORG), boardBody('gamma-new'));
    expect(made.statusCode).toBe(409);
    expect(made.json().error.code).toBe('ORGANIZATION_SUSPENDED');
    expect((await db().select().from(boards).where(eq(boards.slug, 'gamma-new'))).length).toBe(0);
    expect((await owner.post(o.boardOpen(ORG, OPEN))).json().error.code).toBe('ORGANIZATION_SUSPENDED');
    // Its public page says so.
    const page = (await ctx.app.inject({ method: 'GET', url: apiPaths.publicOrgs.org(ORG) })).json();
    expect(page.organization.suspended).toBe(true);

    // The locked board is scored and its prize made.
    const scored = await owner.post(o.boardScores(ORG, LOCKED), { period: 'q1', ...scoresFor(await view(LOCKED), 5) });
    expect(scored.statusCode, scored.body).toBe(200);
    const [locked] = await db().select().from(boards).where(eq(boards.slug, LOCKED));
    expect(
      (
        await db()
          .select()
          .from(prizes)
          .where(eq(prizes.boardId, locked?.id ?? ''))
      ).length,
    ).toBe(1);
  });

  it('restored, it takes entries again and its owners are told', async () => {
    const res = await admin.post(apiPaths.admin.orgRestore(ORG));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization.status).toBe('active');
    expect((await latestMailTo(db(), OWNER_EMAIL))?.subject).toBe('Gamma Hoops is active again on FanGrid');
    const entered = await enter(OPEN);
    expect(entered.statusCode, entered.body).toBe(201);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `organization:${ORG}`))
      .orderBy(auditLog.seq);
    expect(actions.map((a) => a.action)).toEqual(['organization.suspend', 'organization.restore']);
  });
});
