import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boards, entries, prizes } from '../../src/server/db/schema';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { signedInFan } from '../support/accounts';
import { knicksBoardBody, scoresFor } from '../support/boards';
import { parseCsv } from '../support/csv';
import { Client } from '../support/http';
import { fillPattern, routeTable } from '../support/routes';
import { createTestApp, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

// The organizer API (/api/orgs/:org/…): the admin API's board operations inside one organization. A member works
// on their organization's boards only; a board, entry or prize of another organization is one that does not
// exist (404), on every route that names one, and no list, KPI, CSV or audit read shows another's.

let ctx: TestContext;
const ALPHA = 'alpha-boosters';
const BETA = 'beta-league';
const A_BOARD = 'alpha-knicks';
const B_BOARD = 'beta-knicks';
type Person = Client & { userId: string };
const alpha: Partial<Record<'owner' | 'staff' | 'viewer', Person>> = {};
let betaOwner: Person;
let orgIds: Record<string, string> = {};

let n = 0;
const person = (name: string) => {
  n++;
  return signedInFan(ctx.database.db, new Client(ctx.app, `10.77.0.${n}`), {
    email: `organizer-api-${n}@example.com`,
    name,
    phone: '+12025550144',
  });
};
const db = () => ctx.database.db;
const o = apiPaths.organizer;
const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
/** A board body as the organizer API takes it (its organization is the path's). */
const boardBody = (slug: string) => {
  const { organization: _given, ...body } = knicksBoardBody(slug, ctx.clock.now(), 90);
  return body;
};
const fullBoardCsv = (prefix: string) =>
  ['Nickname,Age Confirmed', ...Array.from({ length: 100 }, (_, i) => `${prefix}${i},yes`)].join('\r\n');

/** Makes a full board in `org` as `who`, locks it and scores its first period: it then has a prize. */
async function fullScoredBoard(who: Client, org: string, slug: string, prefix: string) {
  const made = await who.post(o.boards(org), boardBody(slug));
  expect(made.statusCode, made.body).toBe(201);
  const imported = await who.post(o.entriesImport(org), { boardSlug: slug, csv: fullBoardCsv(prefix) });
  expect(imported.statusCode, imported.body).toBe(200);
  expect((await who.post(o.boardLock(org, slug))).statusCode).toBe(200);
  const scored = await who.post(o.boardScores(org, slug), { period: 'q1', ...scoresFor(await view(slug), 7) });
  expect(scored.statusCode, scored.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
  const owner = await person('Alpha Owner');
  alpha.owner = owner;
  const made = await owner.post(apiPaths.orgs.orgs, { name: 'Alpha Boosters', slug: ALPHA });
  expect(made.statusCode, made.body).toBe(201);
  orgIds[ALPHA] = made.json().organization.id;
  for (const role of ['staff', 'viewer'] as const) {
    const who = await person(`Alpha ${role}`);
    const invited = await owner.post(apiPaths.orgs.invitations(ALPHA), {
      email: `organizer-api-${n}@example.com`,
      role,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await who.post(apiPaths.invitations.accept(invited.json().invitation.id))).statusCode).toBe(200);
    alpha[role] = who;
  }
  betaOwner = await person('Beta Owner');
  const beta = await betaOwner.post(apiPaths.orgs.orgs, { name: 'Beta League', slug: BETA });
  orgIds = { ...orgIds, [BETA]: beta.json().organization.id };
  await fullScoredBoard(betaOwner, BETA, B_BOARD, 'B');
}, 120_000);
afterAll(() => ctx?.close());

const betaEntryId = async () =>
  (
    await db()
      .select({ id: entries.id })
      .from(entries)
      .innerJoin(boards, eq(entries.boardId, boards.id))
      .where(eq(boards.slug, B_BOARD))
      .limit(1)
  )[0]?.id ?? '';
const betaPrizeId = async () =>
  (
    await db()
      .select({ id: prizes.id })
      .from(prizes)
      .innerJoin(boards, eq(prizes.boardId, boards.id))
      .where(eq(boards.slug, B_BOARD))
  )[0]?.id ?? '';
/** What Beta has on record: its entries, prizes and audit records, to see that nothing of it changed. */
const betaState = async () => ({
  entries: await db()
    .select()
    .from(entries)
    .innerJoin(boards, eq(entries.boardId, boards.id))
    .where(eq(boards.organizationId, orgIds[BETA] ?? ''))
    .orderBy(entries.id),
  prizes: await db().select().from(prizes).orderBy(prizes.id),
  audits: (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.organizationId, orgIds[BETA] ?? ''))
  )[0]?.n,
  boards: await db()
    .select()
    .from(boards)
    .where(eq(boards.organizationId, orgIds[BETA] ?? '')),
});

describe(`the organizer API (${testDatabaseKind})`, () => {
  it('a staff member creates a board: it is the organization’s, named after it, whatever the body says', async () => {
    const staff = alpha.staff as Client;
    const made = await staff.post(o.boards(ALPHA), { ...boardBody(A_BOARD), organization: 'Forged Cause' });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await db().select().from(boards).where(eq(boards.slug, A_BOARD));
    expect(row).toMatchObject({ organizationId: orgIds[ALPHA], organization: 'Alpha Boosters' });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.target, A_BOARD));
    expect(audit).toMatchObject({ action: 'board.create', organizationId: orgIds[ALPHA] });
    expect(audit?.actor).toContain(`staff of ${ALPHA}`);
    // A viewer reads it; the board list of each organization holds its own boards only.
    const list = (await (alpha.viewer as Client).get(o.boards(ALPHA))).json();
    expect(list.boards.map((b: { slug: string }) => b.slug)).toEqual([A_BOARD]);
    const betaList = (await betaOwner.get(o.boards(BETA))).json();
    expect(betaList.boards.map((b: { slug: string }) => b.slug)).toEqual([B_BOARD]);
  });

  it('a staff member runs the board to its settlement; a viewer downloads the CSVs and cannot lock', async () => {
    const staff = alpha.staff as Client;
    const viewer = alpha.viewer as Client;
    const lockedAt = async () => (await db().select().from(boards).where(eq(boards.slug, A_BOARD)))[0]?.lockedAt;
    const refused = await viewer.post(o.boardLock(ALPHA, A_BOARD));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(await lockedAt()).toBeNull();
    const imported = await staff.post(o.entriesImport(ALPHA), { boardSlug: A_BOARD, csv: fullBoardCsv('A') });
    expect(imported.statusCode, imported.body).toBe(200);
    // Full, it locks; the staff member's lock is then the one it already is.
    expect((await staff.post(o.boardLock(ALPHA, A_BOARD))).statusCode).toBe(200);
    expect(await lockedAt()).not.toBeNull();
    const board = await view(A_BOARD);
    for (const [i, period] of nbaFinalsPrizes.entries()) {
      const res = await staff.post(o.boardScores(ALPHA, A_BOARD), {
        period: period.key,
        ...scoresFor(board, 11 * i + 3, i),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const detail = (await viewer.get(o.board(ALPHA, A_BOARD))).json();
    expect(detail.results).toHaveLength(nbaFinalsPrizes.length);
    expect(detail.results.every((r: { winner: unknown }) => r.winner !== null)).toBe(true);
    const payouts = (await viewer.get(o.payouts(ALPHA))).json();
    expect(payouts.prizes.map((p: { boardSlug: string }) => p.boardSlug)).toEqual(nbaFinalsPrizes.map(() => A_BOARD));
    // The organizer pays each prize at the venue: the board is settled, its ledger an identity.
    for (const prize of payouts.prizes as { id: string }[]) {
      const paid = await staff.post(o.payoutPaidInCash(ALPHA, prize.id), { receivedBy: 'Winner in person' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const settled = (await viewer.get(o.payouts(ALPHA))).json();
    expect(settled.totals).toMatchObject({ owedCents: 0, paidCents: 35_000 });
    const kpis = (await viewer.get(o.kpis(ALPHA))).json();
    expect(kpis.perBoard.map((b: { slug: string }) => b.slug)).toEqual([A_BOARD]);
    expect(kpis.totals.entries).toBe(100);
    expect(kpis.totals.prizesPaidCents).toBe(35_000);
    // The viewer's downloads hold Alpha's entries and money only.
    const csv = await viewer.get(o.entriesCsv(ALPHA));
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body);
    expect(rows.length - 1).toBe(100);
    expect(csv.body).not.toMatch(/\bB\d+\b/);
    const ledger = await viewer.get(o.ledgerCsv(ALPHA));
    expect(ledger.statusCode).toBe(200);
    expect(ledger.body).toContain(A_BOARD);
    expect(ledger.body).not.toContain(B_BOARD);
    const payoutsCsv = await viewer.get(o.payoutsCsv(ALPHA));
    expect(payoutsCsv.body).toContain(A_BOARD);
    expect(payoutsCsv.body).not.toContain(B_BOARD);
    // The audit log is Alpha's: every record names an Alpha board, and the lock is there.
    const audit = (await viewer.get(`${o.audit(ALPHA)}?limit=500`)).json();
    expect(audit.events.length).toBeGreaterThan(5);
    expect(audit.events.every((e: { target: string }) => e.target.split('/')[0] === A_BOARD)).toBe(true);
    expect(audit.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['board.create', 'board.score', 'prize.paid-in-cash']),
    );
  });

  it('a board, entry or prize of another organization is not found, on every route that names one', async () => {
    const staff = alpha.owner as Client;
    const entryId = await betaEntryId();
    const prizeId = await betaPrizeId();
    expect(entryId && prizeId).toBeTruthy();
    const before = await betaState();
    const routes = routeTable(ctx.app).filter(
      (r) => r.pattern.startsWith('/api/orgs/:org/') && /:slug|\/entries\/:id|\/payouts\/:id/.test(r.pattern),
    );
    const bodies: Record<string, unknown> = {
      void: { reason: 'Testing another organization' },
      scores: { period: 'q2', teamAScore: 10, teamBScore: 12 },
      scoring: { scoring: 'manual' },
      'paid-in-cash': { receivedBy: 'Somebody' },
      paid: { reference: 'CHK-1' },
    };
    let tried = 0;
    for (const route of routes) {
      const url = fillPattern(route.pattern, {
        org: ALPHA,
        slug: B_BOARD,
        id: route.pattern.includes('/payouts/') ? prizeId : entryId,
        period: 'q1',
      });
      const last =
        route.pattern
          .split('/')
          .filter((s) => !s.startsWith(':'))
          .at(-1) ?? '';
      const body = bodies[last === 'preview' ? 'scores' : last];
      const res =
        route.method === 'GET'
          ? await staff.get(url)
          : await staff.send(route.method as 'POST' | 'DELETE', url, body ?? {});
      tried++;
      expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBe(404);
    }
    // Every route of a board (10), of an entry (5) and of a prize (4).
    expect(tried).toBeGreaterThanOrEqual(19);
    // A board named in a body is one too; many entries at once leave another's unchanged.
    const added = await staff.post(o.entries(ALPHA), { boardSlug: B_BOARD, nickname: 'Sneak', ageConfirmed: true });
    expect(added.statusCode).toBe(404);
    const imported = await staff.post(o.entriesImport(ALPHA), {
      boardSlug: B_BOARD,
      csv: 'Nickname,Age Confirmed\r\nX,yes',
    });
    expect(imported.statusCode).toBe(404);
    const many = await staff.post(o.entriesPaid(ALPHA), { ids: [entryId] });
    expect(many.statusCode).toBe(200);
    expect(many.json()).toEqual({
      changed: [],
      unchanged: [{ id: entryId, reason: 'not-found', message: expect.any(String) }],
    });
    expect((await staff.get(`${o.ledgerCsv(ALPHA)}?board=${B_BOARD}`)).statusCode).toBe(404);
    const listed = (await staff.get(`${o.entries(ALPHA)}?board=${B_BOARD}`)).json();
    expect(listed.entries).toEqual([]);
    expect(await betaState()).toEqual(before);
    console.info(
      `organizer API: ${tried + 5} requests naming another organization's board, entry or prize, none reached it`,
    );
  });

  it('the platform admin still sees every organization’s boards; each organization’s audit log is its own', async () => {
    const admin = await signedInAdmin(ctx.app, '10.77.1.1');
    const slugs = (await admin.get(apiPaths.admin.boards)).json().boards.map((b: { slug: string }) => b.slug);
    expect(slugs).toEqual(expect.arrayContaining([A_BOARD, B_BOARD]));
    const betaAudit = (await betaOwner.get(o.audit(BETA))).json();
    expect(betaAudit.events.every((e: { target: string }) => e.target.startsWith(B_BOARD))).toBe(true);
    const alphaRecords = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, orgIds[ALPHA] ?? ''), inArray(auditLog.target, [B_BOARD])));
    expect(alphaRecords[0]?.n).toBe(0);
  });
});
