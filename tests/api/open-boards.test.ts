import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_BOARDS_REUSE_MS } from '../../src/server/features/boards/open-boards';
import { OPEN_BOARDS_MAX, type OpenBoards } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { knicksBoardBody } from '../support/boards';
import type { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * `GET /api/open-boards`: every board taking entries now (and only those), soonest game first, with its
 * organization and entry price, nothing private, cached briefly and capped at `OPEN_BOARDS_MAX`.
 */
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx.app, '10.62.0.1');
});
afterAll(() => ctx?.close());

const list = async () => {
  // Past the reuse window, so each read sees what the test just changed.
  await ctx.clock.tick(OPEN_BOARDS_REUSE_MS);
  const res = await ctx.app.inject({ method: 'GET', url: apiPaths.openBoards });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as OpenBoards, cacheControl: res.headers['cache-control'] };
};
const slugs = async () => (await list()).body.boards.map((b) => b.slug).filter((s) => s.startsWith('ob-'));

async function board(slug: string, minutes: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post(apiPaths.admin.boards, knicksBoardBody(slug, ctx.clock.now(), minutes, extra));
  expect(res.statusCode, res.body).toBe(201);
}

describe('the open boards list', () => {
  it('lists the open boards soonest first, leaves out the scheduled, locked and cancelled ones', async () => {
    await board('ob-later', 50);
    await board('ob-soon', 20, {
      entryRule: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100] },
      mode: 'sweepstakes',
    });
    await board('ob-scheduled', 180);
    await board('ob-locked', 30);
    await board('ob-cancelled', 40);
    expect((await admin.post(apiPaths.admin.boardLock('ob-locked'))).statusCode).toBe(200);
    expect((await admin.post(apiPaths.admin.boardCancel('ob-cancelled'))).statusCode).toBe(200);
    expect(await slugs()).toEqual(['ob-soon', 'ob-later']);

    // 'Open now' puts a scheduled board on the list; its game's start still orders it.
    expect((await admin.post(apiPaths.admin.boardOpen('ob-scheduled'))).statusCode).toBe(200);
    expect(await slugs()).toEqual(['ob-soon', 'ob-later', 'ob-scheduled']);

    const { body } = await list();
    const soon = body.boards.find((b) => b.slug === 'ob-soon');
    // The fan sees the game, the organization and the price; nothing private (no seed, phones or entries).
    expect(soon).toEqual({
      slug: 'ob-soon',
      league: 'NBA',
      teamA: 'Knicks',
      teamB: 'Pacers',
      startsAt: expect.any(String),
      organization: 'Knicks Cares',
      price: '$1–$20',
      paymentRequired: false,
    });
    expect(body.boards.find((b) => b.slug === 'ob-later')?.price).toBe('Free');
    const starts = body.boards.map((b) => Date.parse(b.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Once its game starts a board leaves the list.
    await ctx.clock.tick(21 * 60_000);
    expect(await slugs()).toEqual(['ob-later', 'ob-scheduled']);
  });

  it('is public and cached briefly, and one reading answers within the reuse window', async () => {
    const { cacheControl } = await list();
    expect(cacheControl).toMatch(/^public, max-age=\d+$/);
    const before = (await list()).body.boards.length;
    await board('ob-within-window', 30);
    // Read again at once: the reading of a moment ago answers.
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.openBoards });
    expect((res.json() as OpenBoards).boards.length).toBe(before);
    expect(await slugs()).toContain('ob-within-window');
  });

  it(`lists at most ${OPEN_BOARDS_MAX} boards, the soonest, and says more are open`, async () => {
    const { body } = await list();
    const room = OPEN_BOARDS_MAX - body.boards.length;
    for (let i = 0; i <= room; i++) await board(`ob-many-${String(i).padStart(2, '0')}`, 55);
    const full = (await list()).body;
    expect(full.boards).toHaveLength(OPEN_BOARDS_MAX);
    expect(full.more).toBe(true);
    // The board left off is the latest game's: the board opened early, two hours and more before its start.
    expect(full.boards.map((b) => b.slug)).not.toContain('ob-scheduled');
    expect(body.more).toBe(false);
  });
});
