import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { boardLockedEventSchema, boardScoredEventSchema } from '../../src/shared/contracts/board-events';
import type { BoardView } from '../../src/shared/contracts/boards';
import { scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { type EventStream, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';

/** An organizer locks and scores a board: viewers of its live stream hear `locked` and `scored`. */
let ctx: TestContext;
let admin: Client;
let stream: EventStream;
const SLUG = 'thunder-timberwolves';
const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'beef'.padEnd(64, '7'));
  const fan = new Client(ctx.app, '10.6.0.1');
  for (let i = 0; i < 5; i++) {
    const res = await fan.post(`/api/boards/${SLUG}/entries`, {
      phone: fictionPhone(i),
      nickname: `Ev${i}`,
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `board-events-${i}-key`,
    });
    expect(res.statusCode).toBe(201);
  }
  admin = new Client(ctx.app, '10.6.0.2');
  await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
  await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
  stream = await openEventStream(`${await listenOn(ctx.app)}/api/boards/${SLUG}/events`);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream?.close();
  await ctx.close();
});

describe(`board lock and score events on ${testDatabaseKind}`, () => {
  it('announces `locked` with the revealed draw, once', async () => {
    expect((await admin.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(200);
    const locked = await stream.waitFor((e) => e.event === 'locked');
    const board = await view();
    expect(boardLockedEventSchema.parse(locked.data)).toEqual({
      axes: { columns: board.axes.columns, rows: board.axes.rows },
    });
    // Locking again changes nothing and announces nothing.
    expect((await admin.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events.filter((e) => e.event === 'locked')).toHaveLength(1);
  });

  it('announces `scored` with the winning cell and code, or no winner for an empty cell', async () => {
    const board = await view();
    const held = board.cells[0];
    if (!held) throw new Error('test needs a held cell');
    const empty = Array.from({ length: 100 }, (_, i) => i).find((i) => !board.cells.some((c) => c.cell === i)) ?? 0;

    const q1Scores = scoresFor(board, held.cell, 1);
    expect((await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', ...q1Scores })).statusCode).toBe(200);
    const q1 = await stream.waitFor((e) => e.event === 'scored');
    expect(boardScoredEventSchema.parse(q1.data)).toEqual({
      period: 'q1',
      label: board.prizeTable[0]?.label,
      index: 0,
      ...q1Scores,
      cell: held.cell,
      code: held.code,
      awards: [{ kind: 'main', cell: held.cell, code: held.code, prizeCents: board.prizeTable[0]?.prizeCents }],
    });

    // The same score again changes nothing and announces nothing; the next period is heard on its own.
    await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', ...q1Scores });
    const from = stream.events.indexOf(q1) + 1;
    const q2Scores = scoresFor(board, empty, 2);
    await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q2', ...q2Scores });
    const q2 = await stream.waitFor((e) => e.event === 'scored', { from });
    expect(boardScoredEventSchema.parse(q2.data)).toEqual({
      period: 'q2',
      label: board.prizeTable[1]?.label,
      index: 1,
      ...q2Scores,
      cell: empty,
      code: null,
      awards: [{ kind: 'main', cell: empty, code: null, prizeCents: 0 }],
    });
    expect(stream.events.filter((e) => e.event === 'scored')).toHaveLength(2);
  });
});
