import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedGames } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
const LIST = apiPaths.trackedGames.list;
const one = apiPaths.trackedGames.one;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Signs a fan up and confirms the email, leaving `c` signed in. */
const signedInTracker = (c: Client, email: string) =>
  signedInFan(ctx.database.db, c, { email, name: 'Tracker Fan', phone: '+12025550105' });

const game = { title: 'Hollow Knight: Silksong', description: 'Hornet’s long-awaited adventure.', category: 'Action' };

let fan: Client;
let other: Client;
beforeAll(async () => {
  fan = await signedInTracker(new Client(ctx.app, '10.9.0.1'), 'tracker@example.com');
  other = await signedInTracker(new Client(ctx.app, '10.9.0.2'), 'other-tracker@example.com');
});

describe('tracked games', () => {
  it('starts empty, adds games (trimmed, stamped by the clock) and lists them newest first', async () => {
    expect((await fan.get(LIST)).json()).toEqual({ games: [] });

    const first = await fan.post(LIST, { ...game, title: `  ${game.title}  ` });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().game).toMatchObject({
      title: 'Hollow Knight: Silksong',
      description: game.description,
      category: 'Action',
      status: 'available',
      releaseDate: null,
      dateAdded: '2025-06-11T16:00:00.000Z',
    });

    ctx.clock.advance(60_000);
    const second = await fan.post(LIST, {
      title: 'Ghost of Yōtei',
      description: 'A new Ghost story.',
      category: 'RPG',
      status: 'coming-soon',
      releaseDate: '2025-10-02',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().game).toMatchObject({ status: 'coming-soon', releaseDate: '2025-10-02' });

    const list = await fan.get(LIST);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().games.map((g: { title: string }) => g.title)).toEqual([
      'Ghost of Yōtei',
      'Hollow Knight: Silksong',
    ]);
    // Another fan sees only their own (empty) list.
    expect((await other.get(LIST)).json()).toEqual({ games: [] });
  });

  it('switches status either way; the release date is kept only while coming soon', async () => {
    const { game: created } = (await fan.post(LIST, { ...game, title: 'Switcher' })).json();

    let res = await fan.send('PATCH', one(created.id), { status: 'coming-soon', releaseDate: '2025-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().game).toMatchObject({ id: created.id, status: 'coming-soon', releaseDate: '2025-12-01' });

    res = await fan.send('PATCH', one(created.id), { releaseDate: '2026-01-15' });
    expect(res.json().game).toMatchObject({ status: 'coming-soon', releaseDate: '2026-01-15' });

    res = await fan.send('PATCH', one(created.id), { status: 'available' });
    expect(res.statusCode).toBe(200);
    expect(res.json().game).toMatchObject({ status: 'available', releaseDate: null });

    res = await fan.send('PATCH', one(created.id), { status: 'coming-soon' });
    expect(res.json().game).toMatchObject({ status: 'coming-soon', releaseDate: null });
  });

  it('refuses a release date on an available game, changing nothing', async () => {
    const { game: created } = (await fan.post(LIST, { ...game, title: 'Already Out' })).json();
    const res = await fan.send('PATCH', one(created.id), { releaseDate: '2025-09-09' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { releaseDate: 'An expected release date is only for games that are coming soon' },
    });
    const both = await fan.send('PATCH', one(created.id), { status: 'available', releaseDate: '2025-09-09' });
    expect(both.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(trackedGames).where(eq(trackedGames.id, created.id));
    expect(row).toMatchObject({ status: 'available', releaseDate: null });

    const onCreate = await fan.post(LIST, { ...game, status: 'available', releaseDate: '2025-09-09' });
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json().error.fields).toEqual({
      releaseDate: 'An expected release date is only for games that are coming soon',
    });
  });

  it('removes a game', async () => {
    const { game: created } = (await fan.post(LIST, { ...game, title: 'Short Lived' })).json();
    const res = await fan.send('DELETE', one(created.id));
    expect(res.statusCode).toBe(204);
    expect((await fan.get(LIST)).json().games.map((g: { id: string }) => g.id)).not.toContain(created.id);
    expect((await fan.send('DELETE', one(created.id))).statusCode).toBe(404);
  });

  it.each([
    ['missing title', { description: 'x', category: 'Action' }, 'title'],
    ['blank title', { ...game, title: '   ' }, 'title', 'Title is required'],
    ['blank description', { ...game, description: ' ' }, 'description', 'Description is required'],
    ['empty category', { ...game, category: '' }, 'category', 'Category is required'],
    ['title over 80', { ...game, title: 'T'.repeat(81) }, 'title', 'Title can be at most 80 characters'],
    [
      'description over 500',
      { ...game, description: 'D'.repeat(501) },
      'description',
      'Description can be at most 500 characters',
    ],
    ['category over 40', { ...game, category: 'C'.repeat(41) }, 'category', 'Category can be at most 40 characters'],
    ['numeric title', { ...game, title: 42 }, 'title'],
    ['unknown status', { ...game, status: 'released' }, 'status'],
    ['malformed date', { ...game, status: 'coming-soon', releaseDate: '10/02/2025' }, 'releaseDate'],
    ['impossible date', { ...game, status: 'coming-soon', releaseDate: '2025-02-30' }, 'releaseDate'],
  ] as Array<[string, object, string, string?]>)(
    'refuses a %s in the one error shape',
    async (_name, body, field, message) => {
      const before = (await fan.get(LIST)).json().games.length;
      const res = await fan.post(LIST, body);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(typeof error.message).toBe('string');
      expect(Object.keys(error.fields)).toContain(field);
      if (message) expect(error.fields[field]).toBe(message);
      expect((await fan.get(LIST)).json().games).toHaveLength(before);
    },
  );

  it('accepts the longest allowed text', async () => {
    const res = await fan.post(LIST, { title: 'T'.repeat(80), description: 'D'.repeat(500), category: 'C'.repeat(40) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a PATCH with nothing to change or a wrong status type', async () => {
    const { game: created } = (await fan.post(LIST, { ...game, title: 'Patch Me' })).json();
    expect((await fan.send('PATCH', one(created.id), {})).statusCode).toBe(400);
    expect((await fan.send('PATCH', one(created.id), { status: 1 })).statusCode).toBe(400);
    expect((await fan.send('PATCH', one(created.id), { status: 'coming-soon', releaseDate: 'soon' })).statusCode).toBe(
      400,
    );
  });

  it('answers 401 in the one error shape without a session, for every route', async () => {
    const visitor = new Client(ctx.app, '10.9.0.3');
    const id = '00000000-0000-4000-8000-000000000000';
    const responses = [
      await visitor.get(LIST),
      await visitor.post(LIST, game),
      await visitor.post(LIST, { title: 42 }),
      await visitor.send('PATCH', one(id), { status: 'available' }),
      await visitor.send('DELETE', one(id)),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'SIGN_IN_REQUIRED', message: 'Please sign in to track games.' } });
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: LIST,
      headers: { cookie: 'better-auth.session_token=nope' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("answers 404 for another fan's game (PATCH and DELETE), leaving it unchanged", async () => {
    const { game: theirs } = (await other.post(LIST, { ...game, title: 'Not Yours' })).json();
    for (const res of [
      await fan.send('PATCH', one(theirs.id), { status: 'coming-soon' }),
      await fan.send('DELETE', one(theirs.id)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'We could not find that game in your list.' },
      });
    }
    expect((await other.get(LIST)).json().games).toEqual([theirs]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await fan.send('PATCH', one(id), { status: 'available' })).statusCode).toBe(404);
      expect((await fan.send('DELETE', one(id))).statusCode).toBe(404);
    }
  });
});
