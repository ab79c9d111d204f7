import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardResultLog, boards } from '../../src/server/db/schema';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import type { BoardView } from '../../src/shared/contracts/boards';
import { drawAxes, seedCommitment } from '../../src/shared/domain/boards';
import { scoresFor } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
let admin: Client;
const SLUG = 'thunder-timberwolves';
const view = async (): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${SLUG}` })).json();

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'c0ffee'.padEnd(64, '1'));
  const fan = new Client(ctx.app, '10.5.0.1');
  for (let i = 0; i < 30; i++) {
    const res = await fan.post(`/api/boards/${SLUG}/entries`, {
      phone: fictionPhone(i), // thirty fans (one number holds at most 10 entries)
      nickname: `Fan${i}`,
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: `scoring-${i}-key`,
    });
    expect(res.statusCode).toBe(201);
  }
  admin = new Client(ctx.app, '10.5.0.2');
  await admin.post('/api/admin-gate/passcode', { passcode: 'fangrid1' });
  await admin.post('/api/admin-gate/phrase', { phrase: 'game day' });
});
afterAll(() => ctx.close());

describe('board operations (admin)', () => {
  it('are refused without the admin session', async () => {
    const visitor = new Client(ctx.app, '10.5.0.3');
    expect((await visitor.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(401);
    expect(
      (await visitor.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', teamAScore: 1, teamBScore: 2 }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses scores before the board locks', async () => {
    const res = await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', teamAScore: 21, teamBScore: 18 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BOARD_NOT_LOCKED');
  });

  it('locks early, revealing a seed that matches the published hash and redraws the same digits', async () => {
    const before = await view();
    expect(before.axes.drawn).toBe(false);
    expect((await admin.post(`/api/admin/boards/${SLUG}/lock`)).statusCode).toBe(200);
    const after = await view();
    expect(after.status).toBe('locked');
    expect(after.seed).not.toBeNull();
    expect(seedCommitment(after.seed ?? '')).toBe(before.seedHash);
    const { columns, rows } = drawAxes(after.seed ?? '');
    expect(after.axes).toEqual({ columns, rows, drawn: true });
    const entry = await new Client(ctx.app, '10.5.0.4').post(`/api/boards/${SLUG}/entries`, {
      phone: '+12025550191',
      nickname: 'Late',
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'after-lock-key',
    });
    expect(entry.statusCode).toBe(409);
  });

  it('scores periods: winner by last digits, idempotent re-entry, roll-over of an empty cell, logged corrections', async () => {
    const board = await view();
    const held = board.cells.map((c) => c.cell);
    const empty = Array.from({ length: 100 }, (_, i) => i).find((i) => !held.includes(i)) ?? 0;
    const [first, second] = held;
    if (first === undefined || second === undefined) throw new Error('test needs held cells');
    const codeAt = (cell: number) => board.cells.find((c) => c.cell === cell)?.code;

    const q1 = await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', ...scoresFor(board, first, 2) });
    expect(q1.statusCode, q1.body).toBe(200);
    expect(q1.json().results).toEqual([
      expect.objectContaining({ period: 'q1', cell: first, code: codeAt(first), prizeCents: 5000 }),
    ]);
    await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q1', ...scoresFor(board, first, 2) });
    const [boardRow] = await ctx.database.db.select().from(boards).where(eq(boards.slug, SLUG));
    const logAfterRepeat = await ctx.database.db
      .select()
      .from(boardResultLog)
      .where(eq(boardResultLog.boardId, boardRow?.id ?? ''));
    expect(logAfterRepeat).toHaveLength(1);

    await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q2', ...scoresFor(board, empty, 5) });
    const q3 = await admin.post(`/api/admin/boards/${SLUG}/scores`, { period: 'q3', ...scoresFor(board, second, 8) });
    const results = q3.json().results;
    expect(results[1]).toMatchObject({ period: 'q2', code: null, prizeCents: 0 });
    expect(results[2]).toMatchObject({ period: 'q3', code: codeAt(second), prizeCents: 15000 });

    const corrected = await admin.post(`/api/admin/boards/${SLUG}/scores`, {
      period: 'q1',
      ...scoresFor(board, second, 3),
    });
    expect(corrected.json().results[0]).toMatchObject({ period: 'q1', cell: second, code: codeAt(second) });
    const log = await ctx.database.db
      .select()
      .from(boardResultLog)
      .where(eq(boardResultLog.boardId, boardRow?.id ?? ''));
    expect(log).toHaveLength(4);
    expect(log.at(-1)?.before).toEqual(scoresFor(board, first, 2));

    const unknown = await admin.post(`/api/admin/boards/${SLUG}/scores`, {
      period: 'q9',
      teamAScore: 1,
      teamBScore: 1,
    });
    expect(unknown.statusCode).toBe(400);
    const negative = await admin.post(`/api/admin/boards/${SLUG}/scores`, {
      period: 'q1',
      teamAScore: -1,
      teamBScore: 1,
    });
    expect(negative.statusCode).toBe(400);

    const final = await admin.post(`/api/admin/boards/${SLUG}/scores`, {
      period: 'final',
      ...scoresFor(board, first, 11),
    });
    expect(final.json().status).toBe('settled');
  });

  it('cancels a board: no more entries, and it reads as cancelled', async () => {
    const visitor = new Client(ctx.app, '10.5.0.9');
    expect((await visitor.post('/api/admin/boards/knicks-vs-pacers/cancel')).statusCode).toBe(401);
    expect((await admin.post('/api/admin/boards/knicks-vs-pacers/cancel')).statusCode).toBe(200);
    const res = await visitor.post('/api/boards/knicks-vs-pacers/entries', {
      phone: '+12025550191',
      nickname: 'Nope',
      amountCents: 100,
      ageConfirmed: true,
      rulesAccepted: true,
      state: 'OH',
      idempotencyKey: 'cancelled-board-key',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BOARD_NOT_OPEN');
    expect((await visitor.get('/api/boards/knicks-vs-pacers')).json().status).toBe('cancelled');
  });
});
