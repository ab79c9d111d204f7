import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, smsOutbox } from '../../src/server/db/schema';
import { lockDueEveryMs } from '../../src/server/features/boards';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { cancelNotices } from '../../src/shared/domain/boards';
import { knicksBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * A board locks at its game's start by itself, whoever scores it (an organizer or the feed): the lock is
 * stored, the draw revealed, the digits texted, and the unfilled policy applied, exactly as when an organizer
 * presses 'Lock now'. Nothing waits for the feed to say the game is under way.
 */
let ctx: TestContext;
let admin: Client;
let fan: Client;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 } });
  admin = await signedInAdmin(ctx.app, '10.61.0.1');
  fan = new Client(ctx.app, '10.61.0.2');
});
afterAll(() => ctx?.close());

const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();
const stored = async (slug: string) => (await ctx.database.db.select().from(boards).where(eq(boards.slug, slug)))[0];

async function board(slug: string, minutes: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/boards', knicksBoardBody(slug, ctx.clock.now(), minutes, extra));
  expect(res.statusCode, res.body).toBe(201);
}
async function enter(slug: string, smsConsent = false) {
  const res = await fan.post(apiPaths.boardEntries(slug), {
    phone: fictionPhone(n),
    nickname: `Fan${n}`,
    idempotencyKey: `lock-at-start-${n++}`,
    ageConfirmed: true,
    rulesAccepted: true,
    smsConsent,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the lock at the game’s start', () => {
  it('locks a board with entries once its game starts, reveals the draw and texts the digits once', async () => {
    await board('starts-soon', 20);
    await enter('starts-soon', true);
    await enter('starts-soon');
    // Before the start nothing is locked, however often the job runs.
    await ctx.clock.tick(19 * 60_000);
    expect((await stored('starts-soon'))?.lockedAt).toBeNull();
    expect((await view('starts-soon')).axes.drawn).toBe(false);

    await ctx.clock.tick(60_000 + lockDueEveryMs);
    const row = await stored('starts-soon');
    expect(row?.lockedAt).not.toBeNull();
    expect(row?.cancelledAt).toBeNull();
    const after = await view('starts-soon');
    expect(after.status).toBe('locked');
    expect(after.axes.drawn).toBe(true);
    // The lock time is within one run of the start, and later runs leave it alone.
    const lockedAt = row?.lockedAt?.getTime() ?? 0;
    await ctx.clock.tick(5 * lockDueEveryMs);
    expect((await stored('starts-soon'))?.lockedAt?.getTime()).toBe(lockedAt);
    // One digits text for each entry, sent to the one that consented and skipped for the other; the queue's
    // sender may already have sent it.
    const texts = await ctx.database.db.select().from(smsOutbox).where(like(smsOutbox.key, 'lock:%'));
    expect(texts.map((t) => [t.to, t.status === 'skipped' ? 'skipped' : 'told']).sort()).toEqual([
      [fictionPhone(0), 'told'],
      [fictionPhone(1), 'skipped'],
    ]);
  });

  it('cancels a board nobody entered, with its notice, rather than leaving it locked and empty', async () => {
    await board('nobody-came', 10);
    await ctx.clock.tick(10 * 60_000 + lockDueEveryMs);
    const row = await stored('nobody-came');
    expect(row?.cancelledAt).not.toBeNull();
    expect(row?.lockedAt).toBeNull();
    const v = await view('nobody-came');
    expect(v.status).toBe('cancelled');
    expect(v.notice).toBe(cancelNotices.empty);
  });

  it('follows a cancel-below policy: under its minimum at the start, the board is cancelled', async () => {
    await board('too-few', 10, { unfilledPolicy: 'cancel-below', minEntries: 3 });
    await enter('too-few');
    await enter('too-few');
    await ctx.clock.tick(10 * 60_000 + lockDueEveryMs);
    const v = await view('too-few');
    expect(v.status).toBe('cancelled');
    expect(v.notice).toBe(cancelNotices.below(3));
  });

  it('leaves alone a board an organizer locked early, and one an organizer cancelled', async () => {
    await board('locked-early', 10);
    await enter('locked-early');
    expect((await admin.post(apiPaths.admin.boardLock('locked-early'))).statusCode).toBe(200);
    const lockedAt = (await stored('locked-early'))?.lockedAt?.getTime();
    await board('called-off', 10);
    await enter('called-off');
    expect((await admin.post(apiPaths.admin.boardCancel('called-off'))).statusCode).toBe(200);
    const cancelled = await stored('called-off');

    await ctx.clock.tick(10 * 60_000 + lockDueEveryMs);
    expect((await stored('locked-early'))?.lockedAt?.getTime()).toBe(lockedAt);
    const after = await stored('called-off');
    expect(after?.lockedAt).toBeNull();
    expect(after?.cancelledAt?.getTime()).toBe(cancelled?.cancelledAt?.getTime());
    expect(after?.notice).toBe(cancelled?.notice);
  });
});
