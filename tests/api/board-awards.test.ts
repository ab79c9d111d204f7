import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardResults, boards, prizes } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { boardScoredEventSchema } from '../../src/shared/contracts/board-events';
import type { BoardView } from '../../src/shared/contracts/boards';
import { scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { type EventStream, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/**
 * A scored period lists its awards (contracts/awards) beside its winner fields, in the board view and the
 * `scored` event: one 'main' award per period, kept single through corrections and read back for a period
 * scored before migration 0031 keyed results and prizes by kind.
 */
let ctx: TestContext;
let admin: Client;
let stream: EventStream;
let boardId: string;
const SLUG = 'thunder-timberwolves';
const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();
const score = (period: string, scores: { teamAScore: number; teamBScore: number }) =>
  admin.post(`/api/admin/boards/${SLUG}/scores`, { period, ...scores });
const resultRows = (period: string) =>
  ctx.database.db
    .select()
    .from(boardResults)
    .where(and(eq(boardResults.boardId, boardId), eq(boardResults.period, period)));
const prizeRows = (period: string) =>
  ctx.database.db
    .select()
    .from(prizes)
    .where(and(eq(prizes.boardId, boardId), eq(prizes.period, period)));
/** The main award a period's winner fields describe. */
const mainAwardOf = (r: BoardView['results'][number]) => ({
  kind: 'main',
  cell: r.cell,
  code: r.code,
  prizeCents: r.prizeCents,
});

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'a11a'.padEnd(64, '3'));
  const fan = new Client(ctx.app, '10.6.3.1');
  for (let i = 0; i < 4; i++) {
    const res = await fan.post(`/api/boards/${SLUG}/entries`, {
      phone: fictionPhone(i),
      nickname: `Aw${i}`,
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `board-awards-${i}-key`,
    });
    expect(res.statusCode).toBe(201);
  }
  admin = new Client(ctx.app, '10.6.3.2');
  await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
  await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
  expect((await admin.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(200);
  const [row] = await ctx.database.db.select({ id: boards.id }).from(boards).where(eq(boards.slug, SLUG));
  boardId = row?.id ?? '';
  stream = await openEventStream(`${await listenOn(ctx.app)}/api/boards/${SLUG}/events`);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream?.close();
  await ctx.close();
});

describe(`awards of scored periods on ${testDatabaseKind}`, () => {
  it('lists the main award of a won period and of an empty cell, as the winner fields and the event say', async () => {
    const board = await view();
    const held = board.cells[0];
    if (!held) throw new Error('test needs a held cell');
    const empty = Array.from({ length: 100 }, (_, i) => i).find((i) => !board.cells.some((c) => c.cell === i)) ?? 0;

    expect((await score('q1', scoresFor(board, held.cell, 1))).statusCode).toBe(200);
    const q1Event = await stream.waitFor((e) => e.event === 'scored');
    expect((await score('q2', scoresFor(board, empty, 2))).statusCode).toBe(200);
    const q2Event = await stream.waitFor((e) => e.event === 'scored', { from: stream.events.indexOf(q1Event) + 1 });

    const [q1, q2] = (await view()).results;
    if (!q1 || !q2) throw new Error('two periods are scored');
    expect(q1).toMatchObject({ period: 'q1', cell: held.cell, code: held.code });
    expect(q1.awards).toEqual([
      { kind: 'main', cell: held.cell, code: held.code, prizeCents: board.prizeTable[0]?.prizeCents },
    ]);
    // An empty cell: no code, nothing awarded (the view's own fields say the same).
    expect(q2).toMatchObject({ period: 'q2', cell: empty, code: null, prizeCents: 0 });
    expect(q2.awards).toEqual([{ kind: 'main', cell: empty, code: null, prizeCents: 0 }]);

    expect(boardScoredEventSchema.parse(q1Event.data).awards).toEqual(q1.awards);
    expect(boardScoredEventSchema.parse(q2Event.data).awards).toEqual(q2.awards);
  });

  it('keeps one main award, result row and prize through a repeat and a correction', async () => {
    const board = await view();
    const [, second] = board.cells;
    if (!second) throw new Error('test needs two held cells');
    const before = board.results[0];
    if (!before) throw new Error('q1 is scored');
    // The same score again changes nothing.
    const repeat = await score('q1', { teamAScore: before.teamAScore, teamBScore: before.teamBScore });
    expect(repeat.statusCode).toBe(200);
    expect(await resultRows('q1')).toHaveLength(1);

    const from = stream.events.length;
    expect((await score('q1', scoresFor(board, second.cell, 3))).statusCode).toBe(200);
    const corrected = await stream.waitFor((e) => e.event === 'scored', { from });
    const q1 = (await view()).results[0];
    if (!q1) throw new Error('q1 is scored');
    expect(q1).toMatchObject({ period: 'q1', cell: second.cell, code: second.code });
    expect(q1.awards).toEqual([mainAwardOf(q1)]);
    expect(boardScoredEventSchema.parse(corrected.data).awards).toEqual(q1.awards);

    const rows = await resultRows('q1');
    expect(rows.map((r) => ({ kind: r.kind, cell: r.cell }))).toEqual([{ kind: 'main', cell: second.cell }]);
    const prizeList = await prizeRows('q1');
    expect(prizeList.map((p) => p.kind)).toEqual(['main']);
    expect(prizeList[0]?.prizeCents).toBe(q1.prizeCents);
  });

  it('reads back the main award of a period scored before migration 0031, and scores on after it', async () => {
    const scoredBefore = (await view()).results;
    expect(scoredBefore.length).toBeGreaterThan(0);
    const { db } = ctx.database;
    // The tables as they were before migration 0031: results and prizes keyed by board and period.
    for (const statement of [
      'ALTER TABLE "board_results" DROP CONSTRAINT "board_results_board_id_period_kind_pk"',
      'ALTER TABLE "board_results" DROP COLUMN "kind"',
      'ALTER TABLE "board_results" ADD CONSTRAINT "board_results_board_id_period_pk" PRIMARY KEY("board_id","period")',
      'DROP INDEX "prizes_board_period_kind_idx"',
      'ALTER TABLE "prizes" DROP COLUMN "kind"',
      'CREATE UNIQUE INDEX "prizes_board_period_idx" ON "prizes" USING btree ("board_id","period")',
    ]) {
      await db.execute(sql.raw(statement));
    }
    const migration = readFileSync(new URL('../../src/server/db/migrations/0031_awards.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.execute(sql.raw(statement));
    }

    const after = (await view()).results;
    expect(after).toEqual(scoredBefore);
    for (const r of after) expect(r.awards).toEqual([mainAwardOf(r)]);
    expect((await prizeRows('q1')).map((p) => p.kind)).toEqual(['main']);

    // Scoring on after the migration updates the same rows.
    const board = await view();
    const [first] = board.cells;
    if (!first) throw new Error('test needs a held cell');
    expect((await score('q1', scoresFor(board, first.cell, 4))).statusCode).toBe(200);
    expect((await resultRows('q1')).map((r) => r.kind)).toEqual(['main']);
    expect((await prizeRows('q1')).map((p) => p.kind)).toEqual(['main']);
    const q1 = (await view()).results[0];
    if (!q1) throw new Error('q1 is scored');
    expect(q1.awards).toEqual([{ kind: 'main', cell: first.cell, code: first.code, prizeCents: q1.prizeCents }]);
  });
});
