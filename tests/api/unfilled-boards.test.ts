import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, payments } from '../../src/server/db/schema';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { AuditEvent } from '../../src/shared/contracts/admin';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import { newGameBoardBody } from '../support/boards';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

const secret = 'test-secret-for-unfilled-boards-0123456';
let ctx: TestContext;
let admin: Client;
let fan: Client;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    payments: createLocalProvider({ publicUrl: 'http://localhost:3000', secret }),
    settings: { authSecret: secret, entryLimitPerMinute: 1000, entriesPerPhonePerBoard: 100 },
  });
  admin = await signedInAdmin(ctx.app, '10.23.0.1');
  fan = new Client(ctx.app, '10.23.0.2');
});
afterAll(() => ctx?.close());

/** A sweepstakes board on a new game starting within the hour (open at once). */
const boardInput = (slug: string, extra: Record<string, unknown> = {}) =>
  newGameBoardBody('thunder', slug, ctx.clock.now(), 30, { mode: 'sweepstakes', ...extra });
const view = async (slug: string): Promise<BoardView> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/boards/${slug}` })).json();
async function enter(slug: string, body: Record<string, unknown> = {}): Promise<EntryCreated> {
  const res = await fan.post(apiPaths.boardEntries(slug), {
    phone: '+12025550117',
    nickname: `U${n}`,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `unfilled-${n++}`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ entry: EntryCreated }>().entry;
}
const boardCount = async () => (await ctx.database.db.select({ id: boards.id }).from(boards)).length;

describe('the unfilled-board policy', () => {
  it('refuses a cancel-below policy without a minimum, and a minimum without it, creating nothing', async () => {
    const before = await boardCount();
    const cases = [
      [{ unfilledPolicy: 'cancel-below' }, 'Set the minimum number of entries below which the board is cancelled'],
      [
        { unfilledPolicy: 'play-on', minEntries: 5 },
        'A minimum number of entries applies only to the cancel-below policy',
      ],
      [{ minEntries: 5 }, 'A minimum number of entries applies only to the cancel-below policy'],
      [{ unfilledPolicy: 'cancel-below', minEntries: 0 }, 'Minimum entries must be at least 1'],
      [{ unfilledPolicy: 'cancel-below', minEntries: 2.5 }, 'Minimum entries must be a whole number'],
      [{ unfilledPolicy: 'cancel-below', minEntries: '3' }, 'Minimum entries must be a whole number'],
      [{ unfilledPolicy: 'refund-all' }, 'Unfilled policy must be one of play-on, cancel-below'],
    ] as const;
    for (const [extra, message] of cases) {
      const res = await admin.post('/api/admin/boards', boardInput('refused-board', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.values(res.json().error.fields ?? {})).toContain(message);
    }
    expect(await boardCount()).toBe(before);
  });

  it('publishes the policy on the board: play-on by default, or cancel-below with its minimum', async () => {
    expect((await admin.post('/api/admin/boards', boardInput('default-policy'))).statusCode).toBe(201);
    expect((await view('default-policy')).unfilled).toEqual({ policy: 'play-on', minEntries: null });
    const res = await admin.post(
      '/api/admin/boards',
      boardInput('below-three', { unfilledPolicy: 'cancel-below', minEntries: 3 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await view('below-three')).toMatchObject({
      unfilled: { policy: 'cancel-below', minEntries: 3 },
      notice: null,
      status: 'open',
    });
  });

  it('cancels a cancel-below board under its minimum at lock, and says why', async () => {
    await enter('below-three');
    await enter('below-three');
    const res = await admin.post('/api/admin/boards/below-three/lock');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await view('below-three')).toMatchObject({
      status: 'cancelled',
      notice: 'Cancelled at lock: fewer than 3 entries, the minimum this board set.',
      seed: null,
    });
    const events: AuditEvent[] = (await admin.get('/api/admin/audit')).json().events;
    expect(events.find((e) => e.target === 'below-three' && e.action === 'board.lock')).toMatchObject({
      before: { status: 'open' },
      after: { status: 'cancelled' },
    });
  });

  it('cancels a board with no entries at all, whatever its policy', async () => {
    const res = await admin.post('/api/admin/boards/default-policy/lock');
    expect(res.json().status).toBe('cancelled');
    expect((await view('default-policy')).notice).toBe('Cancelled at lock: nobody entered this board.');
  });

  it('plays on a play-on board with empty cells, and a cancel-below board at its minimum', async () => {
    expect((await admin.post('/api/admin/boards', boardInput('plays-on'))).statusCode).toBe(201);
    await enter('plays-on');
    expect((await admin.post('/api/admin/boards/plays-on/lock')).json().status).toBe('locked');
    const played = await view('plays-on');
    expect(played).toMatchObject({ status: 'locked', notice: null, entryCount: 1 });
    expect(played.seed).not.toBeNull();
    const atMin = boardInput('at-minimum', { unfilledPolicy: 'cancel-below', minEntries: 2 });
    expect((await admin.post('/api/admin/boards', atMin)).statusCode).toBe(201);
    await enter('at-minimum');
    await enter('at-minimum');
    expect((await admin.post('/api/admin/boards/at-minimum/lock')).json().status).toBe('locked');
  });

  it('refunds the paid entries of a paid board cancelled below its minimum', async () => {
    const paid = boardInput('paid-below', {
      entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
      paymentRequired: true,
      unfilledPolicy: 'cancel-below',
      minEntries: 2,
    });
    expect((await admin.post('/api/admin/boards', paid)).statusCode).toBe(201);
    const entry = await enter('paid-below', { amountCents: 500 });
    const sessionId = (entry.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
    const pay = await fan.post(apiPaths.payments.localPay(sessionId), {
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const paymentOf = async () =>
      (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]?.status;
    expect(await paymentOf()).toBe('paid');
    expect((await admin.post('/api/admin/boards/paid-below/lock')).json().status).toBe('cancelled');
    expect(await paymentOf()).toBe('refunded');
    expect((await view('paid-below')).notice).toBe(
      'Cancelled at lock: fewer than 2 entries, the minimum this board set. Paid entries are refunded in full.',
    );
  });
});
