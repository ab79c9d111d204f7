import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { boards, entries } from '../../src/server/db/schema';
import { scheduledJobs } from '../../src/server/db/schema/platform';
import { demoEntriesDue, demoSlug } from '../../src/server/features/demo';
import { fixedClock } from '../../src/server/platform/clock';
import { demoRoundsStarting } from '../../src/server/platform/scores/demo';
import { createTestApp, type TestContext } from '../support/test-app';
import { openSecondConnection } from '../support/test-db';

// Two instances on one database, both running the demo: each demo tick runs on one of them, so each round's
// board is set up once and its entrants join once, whichever instance runs the tick.
const start = new Date('2026-11-25T02:21:00Z');
const settings = { demoRounds: true, scoresPollSeconds: 30, scoresScheduleDays: 0 };
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
const clockB = fixedClock(start);

beforeAll(async () => {
  ctx = await createTestApp({ settings });
  ctx.clock.set(start);
  second = await openSecondConnection(ctx.database);
  appB = await buildApp({ database: second, clock: clockB, logger: false, settings });
  await Promise.all([ctx.app.ready(), appB.ready()]);
});
afterAll(async () => {
  await appB?.close();
  await second?.close();
  await ctx?.close();
});

async function tick(ms: number) {
  ctx.clock.advance(ms);
  clockB.advance(ms);
  await Promise.all([ctx.clock.tick(0), clockB.tick(0)]);
}

describe('the demo on two instances', () => {
  it('sets up each round once and admits each entrant once, with no failed run', async () => {
    for (let i = 0; i < 12; i++) await tick(15_000);
    const now = ctx.clock.now();
    const rounds = demoRoundsStarting(new Date(now.getTime() + 1), new Date(now.getTime() + 10 * 60_000));
    const demoBoards = await ctx.database.db.select().from(boards).where(like(boards.slug, 'demo-%'));
    expect(demoBoards.map((b) => b.slug).sort()).toEqual(rounds.map(demoSlug).sort());
    for (const round of rounds) {
      const board = demoBoards.find((b) => b.slug === demoSlug(round));
      const taken = await ctx.database.db
        .select()
        .from(entries)
        .where(eq(entries.boardId, board?.id ?? ''));
      expect(taken.length).toBe(demoEntriesDue(round.startsAt, now));
      expect(new Set(taken.map((e) => e.idempotencyKey)).size).toBe(taken.length);
    }
    const [job] = await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'demo:rounds'));
    expect(job?.lastError).toBeNull();
    expect(job?.lastTickAt.getTime()).toBe(now.getTime());
  });
});
