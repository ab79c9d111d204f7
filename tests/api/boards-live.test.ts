import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamLimits } from '../../src/server/http/stream-limits';
import { LIVE_BOARDS_MAX } from '../../src/shared/contracts/board-events';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody } from '../support/boards';
import { type Client, ORIGIN } from '../support/http';
import { eventually, openEventStream } from '../support/sse';
import { createTestApp, listenOn, type TestContext } from '../support/test-app';
import { testDatabaseKind } from '../support/test-db';
import { signedInAdmin } from './fake-feed';

/** One stream for several boards: each board's events, tagged with the board, on one connection. */
const limits = createStreamLimits({ perClient: 3, perInstance: 10 });
let ctx: TestContext;
let base = '';
let admin: Client;
const slugs = ['multi-live-one', 'multi-live-two', 'multi-live-three'];
const liveUrl = (boards: string) => `${apiPaths.boardsLive}?boards=${boards}`;

const enter = async (slug: string, n: number) => {
  const res = await fetch(`${base}${apiPaths.boardEntries(slug)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      phone: `+1202555${String(110 + n).padStart(4, '0')}`,
      nickname: `Multi${n}`,
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: `boards-live-${slug}-${n}`,
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { cells: body.entry.cells as number[], code: body.entry.code as string };
};

beforeAll(async () => {
  ctx = await createTestApp({ streamLimits: limits, settings: { entriesPerPhonePerBoard: 100 } });
  admin = await signedInAdmin(ctx.app, '10.77.0.1');
  for (const slug of slugs) {
    const made = await admin.post('/api/admin/boards', knicksBoardBody(slug, ctx.clock.now(), 30));
    expect(made.statusCode, made.body).toBe(201);
  }
  base = await listenOn(ctx.app);
});
afterAll(() => ctx.close());

describe(`one event stream for several boards on ${testDatabaseKind}`, () => {
  it('refuses a bad list with 400 naming `boards`, and an unknown board with 404 naming it', async () => {
    const ask = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
    for (const boards of ['', ',', 'multi-live-one,,multi-live-two', 'Bad_Slug', 'x'.repeat(101), '%F0%9F%8F%88']) {
      const res = await ask(liveUrl(boards));
      expect(res.statusCode, boards).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { boards: expect.any(String) } });
    }
    const missing = await ask(apiPaths.boardsLive);
    expect(missing.statusCode).toBe(400);
    const tooMany = Array.from({ length: LIVE_BOARDS_MAX + 1 }, (_, i) => `board-${i}`).join(',');
    const over = await ask(liveUrl(tooMany));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(`Follow at most ${LIVE_BOARDS_MAX} boards on one stream.`);
    const unknown = await ask(liveUrl('multi-live-one,no-such-board'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'BOARD_NOT_FOUND',
      fields: { boards: 'No game board "no-such-board".' },
    });
    // Refusals hold no stream slot.
    expect(limits.open()).toBe(0);
  });

  it("carries each board's events tagged with its board, duplicates once, as one stream", async () => {
    const stream = await openEventStream(`${base}${liveUrl(`${slugs.join(',')},multi-live-one`)}`, {
      localAddress: '127.0.0.2',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(limits.openBy('127.0.0.2')).toBe(1);
    // A board's own stream still works beside it, untagged.
    const own = await openEventStream(`${base}${apiPaths.boardEvents('multi-live-two')}`);
    const first = await enter('multi-live-one', 1);
    const second = await enter('multi-live-two', 2);
    const third = await enter('multi-live-three', 3);
    const cells = await stream.collect((all) => all.filter((e) => e.event === 'cells').length >= 3);
    expect(cells.filter((e) => e.event === 'cells').map((e) => e.data)).toEqual([
      { board: 'multi-live-one', ...first },
      { board: 'multi-live-two', ...second },
      { board: 'multi-live-three', ...third },
    ]);
    expect((await own.waitFor((e) => e.event === 'cells')).data).toEqual(second);

    // A lock is heard on the shared stream with its board's name.
    expect((await admin.post('/api/admin/boards/multi-live-three/lock')).statusCode).toBe(200);
    const locked = await stream.waitFor((e) => e.event === 'locked');
    expect(locked.data).toMatchObject({ board: 'multi-live-three', axes: expect.any(Object) });
    stream.close();
    own.close();
    await eventually(() => limits.open() === 0, 5000, 'slots given back');
  });
});
