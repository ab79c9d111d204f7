import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { boardResults, boards, prizes } from '../../src/server/db/schema';
import { fixedClock } from '../../src/server/platform/clock';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody, scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection, testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/**
 * A score and a cancel of the same board at once, on two app instances with their own connection pools (two
 * servers behind a load balancer): the rule "no cancel once a period is scored" is checked under the board's
 * lock, so exactly one of the two passes, whichever comes first, and the board is never both cancelled and
 * scored. The concurrent transactions really interleave on PostgreSQL (TEST_DATABASE_URL); on PGlite, which
 * has one connection, they run one after the other and the same must hold.
 */
const settings = { authSecret: 'test-secret-for-board-void-race-01234567', entriesPerPhonePerBoard: 100 };
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
let adminA: Client;
let adminB: Client;
const clockB = fixedClock('2025-06-11T16:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ settings });
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, settings });
  await Promise.all([ctx.app.ready(), appB.ready()]);
  adminA = await signedInAdmin(ctx.app, '10.36.9.1');
  adminB = await signedInAdmin(appB, '10.36.9.2');
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await ctx?.close();
});

/** A locked board with three entries; answers its public view (the drawn digits, the entries' cells). */
async function lockedBoard(slug: string): Promise<BoardView> {
  const made = await adminA.post(apiPaths.admin.boards, knicksBoardBody(slug, ctx.clock.now(), 30));
  expect(made.statusCode, made.body).toBe(201);
  for (let i = 0; i < 3; i++) {
    const res = await new Client(ctx.app, `10.36.9.${10 + i}`).post(apiPaths.boardEntries(slug), {
      phone: fictionPhone(i),
      nickname: `Race${i}`,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `${slug}-${i}`,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  expect((await adminA.post(apiPaths.admin.boardLock(slug))).json().status).toBe('locked');
  return (await ctx.app.inject({ method: 'GET', url: apiPaths.board(slug) })).json();
}

describe(`a score and a cancel racing on two instances (${testDatabaseKind})`, () => {
  it('exactly one passes, every time, and the board is never both cancelled and scored', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const slug = `void-race-${round}`;
      const board = await lockedBoard(slug);
      const body = { period: 'q1', ...scoresFor(board, board.cells[0]?.cell ?? 0) };
      // Alternate which instance scores, and which request is sent first.
      const [scorer, canceller] = round % 2 === 0 ? [adminA, adminB] : [adminB, adminA];
      const score = () => scorer.post(apiPaths.admin.boardScores(slug), body);
      const cancel = () => canceller.post(apiPaths.admin.boardCancel(slug));
      const [scored, cancelled] =
        round % 4 < 2 ? await Promise.all([score(), cancel()]) : (await Promise.all([cancel(), score()])).reverse();
      const codes = [scored?.statusCode, cancelled?.statusCode];
      const [row] = await ctx.database.db.select().from(boards).where(eq(boards.slug, slug));
      const results = await ctx.database.db
        .select()
        .from(boardResults)
        .where(eq(boardResults.boardId, row?.id ?? ''));
      const won = await ctx.database.db
        .select()
        .from(prizes)
        .where(eq(prizes.boardId, row?.id ?? ''));
      if (codes[0] === 200) {
        // Scored first: the cancel is refused and says to void instead.
        expect(codes[1]).toBe(409);
        expect(cancelled?.json().error.code).toBe('BOARD_SCORED');
        expect(row?.cancelledAt).toBeNull();
        expect(results.map((r) => r.period)).toEqual(['q1']);
        expect(won).toHaveLength(1);
        outcomes.add('scored');
      } else {
        // Cancelled first: the score is refused and nothing is awarded.
        expect(codes).toEqual([409, 200]);
        expect(scored?.json().error.message).toBe('This board was cancelled: it has no winners.');
        expect(row?.cancelledAt).not.toBeNull();
        expect(results).toEqual([]);
        expect(won).toEqual([]);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
