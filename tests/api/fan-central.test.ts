import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fanLocalImports,
  fanProfiles,
  fanTrophyItems,
  gamingAchievements,
  gamingTrophies,
  trackedGames,
} from '../../src/server/db/schema';
import { cleanLocalFanData } from '../../src/shared/contracts/fan-central-local';
import { apiPaths } from '../../src/shared/contracts/paths';
import { signedInFan } from '../support/accounts';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
const fanPaths = apiPaths.fanProfile;
const gamingPaths = apiPaths.gamingProfile;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipSeq = 1;
/** A fan signed up and confirmed, on a client of its own. */
const signedInCentralFan = (email: string) =>
  signedInFan(ctx.database.db, new Client(ctx.app, `10.7.0.${ipSeq++}`), {
    email,
    name: 'Central Fan',
    phone: '+12025550106',
  });
type Fan = Awaited<ReturnType<typeof signedInCentralFan>>;

const profileOf = async (c: Client) => (await c.get(fanPaths.profile)).json().profile;
const gamingOf = async (c: Client) => (await c.get(gamingPaths.profile)).json().profile;

/** Asserts the one error shape with a code and (optionally) a message for one field. */
function expectError(
  res: { statusCode: number; json(): { error: { code: string; message: string; fields?: Record<string, string> } } },
  status: number,
  code: string,
  field?: [string, string?],
) {
  expect(res.statusCode).toBe(status);
  const { error } = res.json();
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  if (field) {
    expect(Object.keys(error.fields ?? {})).toContain(field[0]);
    if (field[1]) expect(error.fields?.[field[0]]).toBe(field[1]);
  }
}

let fan: Fan;
let other: Fan;
beforeAll(async () => {
  fan = await signedInCentralFan('central@example.com');
  other = await signedInCentralFan('central-other@example.com');
});

describe('visitors', () => {
  it('get 401 in the one error shape from every route, before any body is read', async () => {
    const visitor = new Client(ctx.app, '10.7.9.1');
    const id = '00000000-0000-4000-8000-000000000000';
    const responses = [
      await visitor.get(fanPaths.profile),
      await visitor.send('PUT', fanPaths.card, { name: 'Visitor' }),
      await visitor.post(fanPaths.favorites('sports'), { value: 'Hockey' }),
      await visitor.send('DELETE', fanPaths.favorite('sports', 'Hockey')),
      await visitor.post(fanPaths.trophies, { name: 42 }),
      await visitor.send('DELETE', fanPaths.trophy(id)),
      await visitor.get(gamingPaths.profile),
      await visitor.send('PUT', gamingPaths.handles, {}),
      await visitor.post(gamingPaths.importFromPage),
      await visitor.post(gamingPaths.achievements, {}),
      await visitor.send('PATCH', gamingPaths.achievement(id), { trackingLink: null }),
      await visitor.send('DELETE', gamingPaths.achievement(id)),
      await visitor.post(gamingPaths.trophies, {}),
      await visitor.send('DELETE', gamingPaths.trophy(id)),
      await visitor.get(apiPaths.gamingPageProfile),
      await visitor.send('PUT', apiPaths.gamingPageProfile, {}),
      await visitor.get(apiPaths.localImport),
      await visitor.post(apiPaths.localImport, {}),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'SIGN_IN_REQUIRED', message: 'Please sign in to keep your fan profile in your account.' },
      });
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: fanPaths.profile,
      headers: { cookie: 'fangrid.session_token=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('profile card', () => {
  it('starts unset and empty, marked no-store', async () => {
    const res = await fan.get(fanPaths.profile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      profile: {
        name: null,
        favoriteMascot: null,
        favoriteCollege: null,
        favoriteSports: [],
        favoriteTeams: [],
        favoriteStars: [],
        trophyCase: [],
      },
    });
  });

  it('saves trimmed values; empty or missing fields mean unset', async () => {
    let res = await fan.send('PUT', fanPaths.card, {
      name: '  Jordan Fan ',
      favoriteMascot: ' Rumble the Bison ',
      favoriteCollege: 'Duke',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      name: 'Jordan Fan',
      favoriteMascot: 'Rumble the Bison',
      favoriteCollege: 'Duke',
    });
    res = await fan.send('PUT', fanPaths.card, { name: 'Jordan Fan', favoriteMascot: '   ' });
    expect(res.json().profile).toMatchObject({ name: 'Jordan Fan', favoriteMascot: null, favoriteCollege: null });
    res = await fan.send('PUT', fanPaths.card, { name: 'Jordan Fan', favoriteCollege: 'Gonzaga' });
    expect((await profileOf(fan)).favoriteCollege).toBe('Gonzaga');
  });

  it.each([
    ['a one-letter name', { name: 'J' }, 'name', 'Name must be at least 2 characters'],
    ['a name over 50', { name: 'N'.repeat(51) }, 'name', 'Name can be at most 50 characters'],
    [
      'a mascot over 60',
      { favoriteMascot: 'M'.repeat(61) },
      'favoriteMascot',
      'Favorite mascot can be at most 60 characters',
    ],
    [
      'a college over 80',
      { favoriteCollege: 'C'.repeat(81) },
      'favoriteCollege',
      'Favorite college can be at most 80 characters',
    ],
    ['a name with a newline', { name: 'Jo\nrdan' }, 'name', 'Name contains characters that are not allowed'],
    ['a numeric name', { name: 42 }, 'name'],
  ] as Array<[string, object, string, string?]>)(
    'refuses %s, changing nothing',
    async (_what, body, field, message) => {
      const before = await profileOf(fan);
      expectError(await fan.send('PUT', fanPaths.card, body), 400, 'VALIDATION_FAILED', [field, message]);
      expect(await profileOf(fan)).toEqual(before);
    },
  );

  it('accepts the longest allowed values', async () => {
    const res = await fan.send('PUT', fanPaths.card, {
      name: 'N'.repeat(50),
      favoriteMascot: 'M'.repeat(60),
      favoriteCollege: 'C'.repeat(80),
    });
    expect(res.statusCode, res.body).toBe(200);
    await fan.send('PUT', fanPaths.card, { name: 'Jordan Fan', favoriteMascot: 'Rumble', favoriteCollege: 'Duke' });
  });
});

describe('favorites', () => {
  const add = (c: Client, list: string, value: unknown) => c.post(fanPaths.favorites(list), { value });

  it('adds trimmed values to each list and ignores duplicates in any case', async () => {
    let res = await add(fan, 'sports', '  Basketball ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ list: 'favoriteSports', values: ['Basketball'], added: true });
    res = await add(fan, 'sports', 'BASKETBALL');
    expect(res.json()).toEqual({ list: 'favoriteSports', values: ['Basketball'], added: false });
    await add(fan, 'teams', 'Knicks');
    await add(fan, 'stars', 'Caitlin Clark');
    expect(await profileOf(fan)).toMatchObject({
      favoriteSports: ['Basketball'],
      favoriteTeams: ['Knicks'],
      favoriteStars: ['Caitlin Clark'],
    });
  });

  it("adds 'golf' in any case (the message is the browser's)", async () => {
    const res = await add(fan, 'sports', 'GoLf');
    expect(res.json()).toMatchObject({ values: ['Basketball', 'GoLf'], added: true });
  });

  it.each([
    ['an empty value', '', 'Type a favorite to add'],
    ['a blank value', '   ', 'Type a favorite to add'],
    ['a value over 50', 'F'.repeat(51), 'A favorite can be at most 50 characters'],
    ['a number', 7, undefined],
  ] as Array<[string, unknown, string?]>)('refuses %s', async (_what, value, message) => {
    const before = (await profileOf(fan)).favoriteSports;
    expectError(await add(fan, 'sports', value), 400, 'VALIDATION_FAILED', ['value', message]);
    expect((await profileOf(fan)).favoriteSports).toEqual(before);
  });

  it('refuses an unknown list', async () => {
    expect((await add(fan, 'mascots', 'Rumble')).statusCode).toBe(400);
    expect((await fan.send('DELETE', fanPaths.favorite('mascots', 'Rumble'))).statusCode).toBe(400);
  });

  it('removes a value (any case, any characters); removing it again changes nothing', async () => {
    const odd = 'AC/DC Fans? #1 100% ✓';
    await add(fan, 'teams', odd);
    expect((await profileOf(fan)).favoriteTeams).toEqual(['Knicks', odd]);
    let res = await fan.send('DELETE', fanPaths.favorite('teams', odd.toUpperCase()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ list: 'favoriteTeams', values: ['Knicks'], added: false });
    res = await fan.send('DELETE', fanPaths.favorite('teams', odd));
    expect(res.json().values).toEqual(['Knicks']);
  });

  it('caps each list at 50 with a clear message, also under concurrent adds', async () => {
    const c = await signedInCentralFan('favorites-cap@example.com');
    await c.post(fanPaths.favorites('stars'), { value: 'Star 0' });
    const starters = Array.from({ length: 44 }, (_, n) => `Star ${n + 1}`);
    await ctx.database.db
      .update(fanProfiles)
      .set({ favoriteStars: ['Star 0', ...starters] })
      .where(eq(fanProfiles.userId, c.userId));
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => add(c, 'stars', `Rush ${n}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json()).toEqual({
      error: { code: 'LIMIT_REACHED', message: 'You can keep up to 50 favorite stars. Remove one to add another.' },
    });
    expect((await profileOf(c)).favoriteStars).toHaveLength(50);
    // A duplicate of a full list is still just ignored.
    expect((await add(c, 'stars', 'star 0')).json()).toMatchObject({ added: false });
    // Other lists are not affected.
    expect((await add(c, 'sports', 'Hockey')).statusCode).toBe(200);
  });
});

describe('trophy case', () => {
  it('adds items (type defaults to logo), newest first, stamped by the clock', async () => {
    let res = await fan.post(fanPaths.trophies, { name: '  Finals Logo ', team: ' Pacers ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().trophy).toMatchObject({
      type: 'logo',
      name: 'Finals Logo',
      team: 'Pacers',
      dateAdded: ctx.clock.now().toISOString(),
    });
    ctx.clock.advance(60_000);
    res = await fan.post(fanPaths.trophies, { type: 'bobblehead', name: 'Haliburton Bobblehead', team: 'Pacers' });
    expect(res.json().trophy.type).toBe('bobblehead');
    expect((await profileOf(fan)).trophyCase.map((t: { name: string }) => t.name)).toEqual([
      'Haliburton Bobblehead',
      'Finals Logo',
    ]);
  });

  it.each([
    ['no name', { team: 'Pacers' }, 'name', 'Trophy name is required'],
    ['a blank name', { name: ' ', team: 'Pacers' }, 'name', 'Trophy name is required'],
    ['no team', { name: 'Cup' }, 'team', 'Team is required'],
    ['a name over 80', { name: 'T'.repeat(81), team: 'Pacers' }, 'name', 'Trophy name can be at most 80 characters'],
    ['a team over 60', { name: 'Cup', team: 'T'.repeat(61) }, 'team', 'Team can be at most 60 characters'],
    ['an unknown type', { type: 'jersey', name: 'Cup', team: 'Pacers' }, 'type'],
  ] as Array<[string, object, string, string?]>)('refuses %s', async (_what, body, field, message) => {
    const before = (await profileOf(fan)).trophyCase.length;
    expectError(await fan.post(fanPaths.trophies, body), 400, 'VALIDATION_FAILED', [field, message]);
    expect((await profileOf(fan)).trophyCase).toHaveLength(before);
  });

  it('removes an item; a second delete, an unknown or a malformed id is 404', async () => {
    const { trophy } = (
      await fan.post(fanPaths.trophies, { type: 'trophy', name: 'Short Lived', team: 'Knicks' })
    ).json();
    expect((await fan.send('DELETE', fanPaths.trophy(trophy.id))).statusCode).toBe(204);
    for (const id of [trophy.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await fan.send('DELETE', fanPaths.trophy(id));
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json().error.message).toBe('We could not find that item in your trophy case.');
    }
  });

  it('holds at most 200 items, also under concurrent adds', async () => {
    const c = await signedInCentralFan('trophy-cap@example.com');
    await ctx.database.db.insert(fanTrophyItems).values(
      Array.from({ length: 197 }, (_, n) => ({
        userId: c.userId,
        type: 'logo' as const,
        name: `Logo ${n}`,
        team: 'Team',
        createdAt: ctx.clock.now(),
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => c.post(fanPaths.trophies, { name: `Rush ${n}`, team: 'Team' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json().error).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Your trophy case holds up to 200 items. Remove one to add another.',
    });
    expect((await profileOf(c)).trophyCase).toHaveLength(200);
  });
});

describe('gaming profile', () => {
  it('starts empty, saves handles (a leading @ and spaces dropped, empty = unset)', async () => {
    expect(await gamingOf(fan)).toEqual({
      psnHandle: null,
      xboxHandle: null,
      steamHandle: null,
      epicHandle: null,
      achievements: [],
      trophies: [],
    });
    const res = await fan.send('PUT', gamingPaths.handles, {
      psnHandle: ' @Kratos_Fan ',
      xboxHandle: 'Master Chief#1234',
      steamHandle: '',
      epicHandle: 'Jonesy.Builds',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      psnHandle: 'Kratos_Fan',
      xboxHandle: 'Master Chief#1234',
      steamHandle: null,
      epicHandle: 'Jonesy.Builds',
    });
  });

  it.each([
    [
      'psnHandle',
      '1StartsWithDigit',
      'PSN IDs are 3–16 letters, numbers, hyphens or underscores, starting with a letter',
    ],
    ['psnHandle', 'ab', undefined],
    ['xboxHandle', 'Way Too Long Gamertag', undefined],
    ['steamHandle', 'has space', 'Steam profile names are 2–32 letters, numbers, hyphens or underscores'],
    ['epicHandle', '<script>', undefined],
    ['steamHandle', 'javascript:alert(1)', undefined],
  ])('refuses a malformed %s (%s)', async (key, value, message) => {
    const before = await gamingOf(fan);
    expectError(await fan.send('PUT', gamingPaths.handles, { [key]: value }), 400, 'VALIDATION_FAILED', [key, message]);
    expect(await gamingOf(fan)).toEqual(before);
  });

  it("answers 'No Gaming Profile Found' when the gaming page has no console handle, else copies them", async () => {
    const c = await signedInCentralFan('copy-handles@example.com');
    let res = await c.post(gamingPaths.importFromPage);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'NO_GAMING_PAGE_PROFILE',
        message: 'Please fill out your gaming profile on the Gaming Page first.',
      },
    });
    await c.send('PUT', apiPaths.gamingPageProfile, { twitchHandle: 'only_streams', playerName: 'Streamer' });
    expect((await c.post(gamingPaths.importFromPage)).statusCode).toBe(404);

    await c.send('PUT', gamingPaths.handles, { steamHandle: 'keep_me', epicHandle: 'OldEpic' });
    await c.send('PUT', apiPaths.gamingPageProfile, { psnHandle: 'PagePSN', epicHandle: 'NewEpic' });
    res = await c.post(gamingPaths.importFromPage);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      psnHandle: 'PagePSN',
      xboxHandle: null,
      steamHandle: 'keep_me',
      epicHandle: 'NewEpic',
    });
  });
});

describe('achievements', () => {
  const good = {
    game: 'Elden Ring',
    name: 'Elden Lord',
    description: 'Achieved the Elden Lord ending',
    dateEarned: '2025-06-01',
    platform: 'PlayStation',
    trackingLink: 'https://psnprofiles.com/trophy/10774-elden-ring/1-elden-ring',
  };

  it('adds an achievement (rarity defaults to common) and lists it newest first', async () => {
    const res = await fan.post(gamingPaths.achievements, good);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().achievement).toMatchObject({ ...good, rarity: 'common' });
    ctx.clock.advance(1000);
    await fan.post(gamingPaths.achievements, {
      game: 'Hades II',
      name: 'Night Queen',
      platform: 'Steam',
      rarity: 'legendary',
    });
    const list = (await gamingOf(fan)).achievements;
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Night Queen', 'Elden Lord']);
    expect(list[0]).toMatchObject({ description: null, dateEarned: null, trackingLink: null, rarity: 'legendary' });
  });

  it.each([
    ['a javascript: link', { trackingLink: 'javascript:alert(document.cookie)' }, 'trackingLink'],
    ['a data: link', { trackingLink: 'data:text/html,<script>alert(1)</script>' }, 'trackingLink'],
    ['a link without a scheme', { trackingLink: 'www.example.com/trophy' }, 'trackingLink'],
    ['a link with credentials', { trackingLink: 'https://user:pass@example.com/' }, 'trackingLink'],
    ['a link over 500', { trackingLink: `https://example.com/${'a'.repeat(490)}` }, 'trackingLink'],
    ['no game', { game: '' }, 'game', 'Game is required'],
    ['no name', { name: '  ' }, 'name', 'Achievement name is required'],
    ['an unknown platform', { platform: 'Dreamcast' }, 'platform'],
    ['an unknown rarity', { rarity: 'mythic' }, 'rarity'],
    ['an impossible date', { dateEarned: '2025-02-30' }, 'dateEarned', 'Enter the date as a real date (YYYY-MM-DD)'],
    ['a future date', { dateEarned: '2030-01-01' }, 'dateEarned', 'The date earned cannot be in the future'],
    ['a description over 300', { description: 'D'.repeat(301) }, 'description'],
  ] as Array<[string, object, string, string?]>)('refuses %s', async (_what, change, field, message) => {
    const before = (await gamingOf(fan)).achievements.length;
    expectError(await fan.post(gamingPaths.achievements, { ...good, ...change }), 400, 'VALIDATION_FAILED', [
      field,
      message,
    ]);
    expect((await gamingOf(fan)).achievements).toHaveLength(before);
  });

  it('edits the tracking link inline (http or https only) and clears it', async () => {
    const { achievement } = (await fan.post(gamingPaths.achievements, { ...good, name: 'Linked' })).json();
    let res = await fan.send('PATCH', gamingPaths.achievement(achievement.id), {
      trackingLink: 'http://live.example.com/run',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().achievement).toMatchObject({ id: achievement.id, trackingLink: 'http://live.example.com/run' });
    res = await fan.send('PATCH', gamingPaths.achievement(achievement.id), { trackingLink: 'javascript:alert(1)' });
    expectError(res, 400, 'VALIDATION_FAILED', [
      'trackingLink',
      'Enter a full web address starting with http:// or https://',
    ]);
    res = await fan.send('PATCH', gamingPaths.achievement(achievement.id), { trackingLink: '' });
    expect(res.json().achievement.trackingLink).toBeNull();
    const [row] = await ctx.database.db
      .select()
      .from(gamingAchievements)
      .where(eq(gamingAchievements.id, achievement.id));
    expect(row?.trackingLink).toBeNull();
  });

  it('removes an achievement; unknown ids are 404', async () => {
    const { achievement } = (await fan.post(gamingPaths.achievements, { ...good, name: 'Gone' })).json();
    expect((await fan.send('DELETE', gamingPaths.achievement(achievement.id))).statusCode).toBe(204);
    expectError(await fan.send('DELETE', gamingPaths.achievement(achievement.id)), 404, 'NOT_FOUND');
    expectError(await fan.send('PATCH', gamingPaths.achievement('x'), { trackingLink: null }), 404, 'NOT_FOUND');
  });

  it('tracks at most 200 achievements', async () => {
    const c = await signedInCentralFan('achievement-cap@example.com');
    await ctx.database.db.insert(gamingAchievements).values(
      Array.from({ length: 200 }, (_, n) => ({
        userId: c.userId,
        game: 'Game',
        name: `A${n}`,
        platform: 'PC',
        rarity: 'common' as const,
        createdAt: ctx.clock.now(),
      })),
    );
    const res = await c.post(gamingPaths.achievements, good);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You can track up to 200 achievements. Remove one to add another.');
  });
});

describe('gaming trophies', () => {
  it('adds trophies bronze to platinum (bronze by default) and removes them', async () => {
    const base = { game: 'Astro Bot', name: 'Platinum Bot', platform: 'PlayStation' };
    let res = await fan.post(gamingPaths.trophies, base);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().trophy).toMatchObject({ ...base, type: 'bronze', dateEarned: null });
    for (const type of ['silver', 'gold', 'platinum']) {
      // Newest first is by time added: one second apart (the clock is pinned, ties fall back to ids).
      ctx.clock.advance(1000);
      res = await fan.post(gamingPaths.trophies, { ...base, type, dateEarned: '2025-06-10' });
      expect(res.json().trophy.type).toBe(type);
    }
    expectError(await fan.post(gamingPaths.trophies, { ...base, type: 'diamond' }), 400, 'VALIDATION_FAILED', ['type']);
    expectError(await fan.post(gamingPaths.trophies, { ...base, name: '' }), 400, 'VALIDATION_FAILED', [
      'name',
      'Trophy name is required',
    ]);
    const trophies = (await gamingOf(fan)).trophies;
    expect(trophies.map((t: { type: string }) => t.type)).toEqual(['platinum', 'gold', 'silver', 'bronze']);
    expect((await fan.send('DELETE', gamingPaths.trophy(trophies[0].id))).statusCode).toBe(204);
    expect((await gamingOf(fan)).trophies).toHaveLength(3);
  });

  it('tracks at most 200 trophies', async () => {
    const c = await signedInCentralFan('gaming-trophy-cap@example.com');
    await ctx.database.db.insert(gamingTrophies).values(
      Array.from({ length: 200 }, (_, n) => ({
        userId: c.userId,
        game: 'Game',
        name: `T${n}`,
        type: 'gold' as const,
        platform: 'Xbox',
        createdAt: ctx.clock.now(),
      })),
    );
    const res = await c.post(gamingPaths.trophies, { game: 'G', name: 'N', platform: 'Xbox' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You can track up to 200 trophies. Remove one to add another.');
  });
});

describe('gaming page profile', () => {
  it('saves the player name and the eight handles', async () => {
    expect((await fan.get(apiPaths.gamingPageProfile)).json().profile).toEqual({
      playerName: null,
      psnHandle: null,
      xboxHandle: null,
      steamHandle: null,
      epicHandle: null,
      twitchHandle: null,
      youtubeHandle: null,
      tiktokHandle: null,
      instagramHandle: null,
    });
    const res = await fan.send('PUT', apiPaths.gamingPageProfile, {
      playerName: ' Jordan ',
      psnHandle: 'Kratos_Fan',
      twitchHandle: '@fangrid_live',
      youtubeHandle: 'FanGridClips',
      tiktokHandle: 'fangrid.plays',
      instagramHandle: 'fangrid',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      playerName: 'Jordan',
      psnHandle: 'Kratos_Fan',
      xboxHandle: null,
      twitchHandle: 'fangrid_live',
      instagramHandle: 'fangrid',
    });
  });

  it.each([
    ['twitchHandle', 'abc', 'Twitch usernames are 4–25 letters, numbers or underscores'],
    ['youtubeHandle', 'has space', undefined],
    ['tiktokHandle', 'x', undefined],
    ['instagramHandle', 'https://instagram.com/x', undefined],
    ['playerName', 'J', 'Player name must be at least 2 characters'],
  ])('refuses a malformed %s (%s)', async (key, value, message) => {
    const before = (await fan.get(apiPaths.gamingPageProfile)).json();
    expectError(await fan.send('PUT', apiPaths.gamingPageProfile, { [key]: value }), 400, 'VALIDATION_FAILED', [
      key,
      message,
    ]);
    expect((await fan.get(apiPaths.gamingPageProfile)).json()).toEqual(before);
  });
});

describe('tracked games limit', () => {
  it('tracks at most 100 games with a clear message', async () => {
    const c = await signedInCentralFan('tracked-cap@example.com');
    await ctx.database.db.insert(trackedGames).values(
      Array.from({ length: 100 }, (_, n) => ({
        userId: c.userId,
        title: `Game ${n}`,
        description: 'd',
        category: 'c',
        status: 'available' as const,
        createdAt: ctx.clock.now(),
      })),
    );
    const res = await c.post(apiPaths.trackedGames.list, { title: 'One more', description: 'd', category: 'c' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'LIMIT_REACHED', message: 'You can track up to 100 games. Remove one to add another.' },
    });
  });
});

describe('another account', () => {
  it("sees none of the fan's data and cannot change or delete the fan's items (404, nothing leaked)", async () => {
    const mine = {
      profile: await profileOf(fan),
      gaming: await gamingOf(fan),
      page: (await fan.get(apiPaths.gamingPageProfile)).json().profile,
    };
    expect(mine.profile.trophyCase.length).toBeGreaterThan(0);
    expect(mine.gaming.achievements.length).toBeGreaterThan(0);
    expect(mine.gaming.trophies.length).toBeGreaterThan(0);

    // The other fan's own views are their own (empty) data.
    expect(await profileOf(other)).toMatchObject({ name: null, favoriteSports: [], trophyCase: [] });
    expect(await gamingOf(other)).toMatchObject({ psnHandle: null, achievements: [], trophies: [] });
    expect((await other.get(apiPaths.gamingPageProfile)).json().profile.playerName).toBeNull();

    const trophyId = mine.profile.trophyCase[0].id;
    const achievementId = mine.gaming.achievements[0].id;
    const gamingTrophyId = mine.gaming.trophies[0].id;
    const attempts = [
      await other.send('DELETE', fanPaths.trophy(trophyId)),
      await other.send('PATCH', gamingPaths.achievement(achievementId), { trackingLink: 'https://evil.example.com' }),
      await other.send('DELETE', gamingPaths.achievement(achievementId)),
      await other.send('DELETE', gamingPaths.trophy(gamingTrophyId)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(mine.profile.name);
      expect(res.body).not.toContain(mine.gaming.achievements[0].name);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    // The other fan's writes land in their own rows only.
    await other.send('PUT', fanPaths.card, { name: 'Someone Else' });
    await other.post(fanPaths.favorites('sports'), { value: 'Cricket' });

    expect(await profileOf(fan)).toEqual(mine.profile);
    expect(await gamingOf(fan)).toEqual(mine.gaming);
    expect((await fan.get(apiPaths.gamingPageProfile)).json().profile).toEqual(mine.page);
  });
});

describe('importing a visitor’s local data', () => {
  /** What an older app left in the browser: a 'bets' list instead of 'games', loose values. */
  const legacy = {
    fanProfile: {
      id: 'local-1',
      name: 'Local Larry',
      favoriteSports: ['Basketball', 'basketball', '', 'Golf'],
      favoriteTeams: ['Pacers'],
      favoriteStars: [],
      favoriteMascot: '',
      favoriteCollege: 'Purdue',
      trophyCase: [
        { id: 't1', type: 'bobblehead', name: 'Reggie', team: 'Pacers', dateAdded: '2025-05-01T10:00:00.000Z' },
        { id: 't2', type: 'poster', name: 'Finals Poster', team: 'Pacers', dateAdded: 'yesterday' },
        { id: 't3', name: '', team: 'No name' },
      ],
      bets: [
        {
          id: 'g1',
          title: 'NBA 2K26',
          description: 'Basketball sim',
          category: 'Sports',
          status: 'coming-soon',
          releaseDate: '2025-09-05',
          dateAdded: '2025-05-02T10:00:00.000Z',
        },
        { id: 'g2', title: 'Madden 26', description: 'Football', category: 'Sports', status: 'available' },
      ],
    },
    gamingProfile: {
      psnHandle: 'Larry_PSN',
      xboxHandle: 'not a valid gamertag at all',
      steamHandle: '',
      epicHandle: '',
      achievements: [
        {
          id: 'a1',
          game: 'Elden Ring',
          name: 'Elden Lord',
          platform: 'playstation',
          rarity: 'legendary',
          trackingLink: 'javascript:alert(1)',
          dateEarned: '2025-06-01',
        },
      ],
      trophies: [{ id: 'tr1', game: 'Astro Bot', name: 'Platinum', type: 'platinum', platform: 'PlayStation' }],
    },
    gamingPageProfile: { playerName: 'LarryPlays', twitchHandle: 'larry_live', youtubeHandle: '' },
  };

  const payloadOf = (raw: typeof legacy) => {
    let n = 0;
    const data = cleanLocalFanData(raw, { newId: () => `new-${n++}`, now: '2025-06-11T12:00:00.000Z' });
    return data;
  };

  it('imports once: bets become tracked games, unset fields filled, invalid values dropped', async () => {
    const c = await signedInCentralFan('importer@example.com');
    // The account already has a name and a favorite: they are kept, duplicates merged.
    await c.send('PUT', fanPaths.card, { name: 'Account Name' });
    await c.post(fanPaths.favorites('sports'), { value: 'BASKETBALL' });
    expect((await c.get(apiPaths.localImport)).json()).toEqual({ importedAt: null });

    const { payload, dropped } = payloadOf(legacy);
    expect(dropped).toBe(1); // the trophy without a name
    const res = await c.post(apiPaths.localImport, payload);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first).toEqual({
      alreadyImported: false,
      importedAt: ctx.clock.now().toISOString(),
      summary: {
        profileFields: 4, // college, PSN handle, player name, Twitch handle
        favorites: 2, // Golf, Pacers (Basketball was already there)
        trophyItems: 2,
        games: 2,
        achievements: 1,
        gamingTrophies: 1,
        skipped: 0,
      },
    });

    const profile = await profileOf(c);
    expect(profile).toMatchObject({
      name: 'Account Name',
      favoriteMascot: null,
      favoriteCollege: 'Purdue',
      favoriteSports: ['BASKETBALL', 'Golf'],
      favoriteTeams: ['Pacers'],
    });
    expect(profile.trophyCase).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'bobblehead', name: 'Reggie', dateAdded: '2025-05-01T10:00:00.000Z' }),
        expect.objectContaining({ type: 'logo', name: 'Finals Poster' }),
      ]),
    );
    const games = (await c.get(apiPaths.trackedGames.list)).json().games;
    expect(games).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'NBA 2K26', status: 'coming-soon', releaseDate: '2025-09-05' }),
        expect.objectContaining({ title: 'Madden 26', status: 'available', releaseDate: null }),
      ]),
    );
    const gaming = await gamingOf(c);
    expect(gaming).toMatchObject({ psnHandle: 'Larry_PSN', xboxHandle: null, steamHandle: null });
    expect(gaming.achievements).toEqual([
      expect.objectContaining({ name: 'Elden Lord', platform: 'PlayStation', rarity: 'legendary', trackingLink: null }),
    ]);
    expect(gaming.trophies).toEqual([expect.objectContaining({ name: 'Platinum', type: 'platinum' })]);
    expect((await c.get(apiPaths.gamingPageProfile)).json().profile).toMatchObject({
      playerName: 'LarryPlays',
      twitchHandle: 'larry_live',
      youtubeHandle: null,
    });
    expect((await c.get(apiPaths.localImport)).json()).toEqual({ importedAt: first.importedAt });

    // Replayed (a retry, another tab): nothing new, the first import's answer.
    ctx.clock.advance(5000);
    const again = await c.post(apiPaths.localImport, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, alreadyImported: true });
    expect((await profileOf(c)).trophyCase).toHaveLength(2);
    expect((await c.get(apiPaths.trackedGames.list)).json().games).toHaveLength(2);
    expect((await gamingOf(c)).achievements).toHaveLength(1);
  });

  it('imports exactly once when two requests race', async () => {
    const c = await signedInCentralFan('racer@example.com');
    const { payload } = payloadOf(legacy);
    const results = await Promise.all([c.post(apiPaths.localImport, payload), c.post(apiPaths.localImport, payload)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().alreadyImported).sort()).toEqual([false, true]);
    const rows = await ctx.database.db.select().from(fanLocalImports).where(eq(fanLocalImports.userId, c.userId));
    expect(rows).toHaveLength(1);
    expect((await profileOf(c)).trophyCase).toHaveLength(2);
    expect((await c.get(apiPaths.trackedGames.list)).json().games).toHaveLength(2);
  });

  it('imports what fits under the limits and counts the rest as skipped', async () => {
    const c = await signedInCentralFan('full-importer@example.com');
    await ctx.database.db.insert(fanTrophyItems).values(
      Array.from({ length: 199 }, (_, n) => ({
        userId: c.userId,
        type: 'logo' as const,
        name: `Logo ${n}`,
        team: 'Team',
        createdAt: ctx.clock.now(),
      })),
    );
    const { payload } = payloadOf(legacy);
    const res = await c.post(apiPaths.localImport, payload);
    expect(res.json().summary).toMatchObject({ trophyItems: 1, skipped: 1 });
    expect((await profileOf(c)).trophyCase).toHaveLength(200);
  });

  it('refuses a payload that breaks the rules, importing nothing', async () => {
    const c = await signedInCentralFan('bad-importer@example.com');
    for (const body of [
      {
        gamingProfile: {
          achievements: [{ game: 'G', name: 'N', platform: 'PC', trackingLink: 'javascript:alert(1)' }],
        },
      },
      { fanProfile: { favoriteSports: Array.from({ length: 51 }, (_, n) => `Sport ${n}`) } },
      { fanProfile: { trophyCase: [{ name: 'No team' }] } },
      { gamingPageProfile: { twitchHandle: '<img src=x>' } },
      {
        fanProfile: {
          games: [{ title: 'T', description: 'D', category: 'C', status: 'available', releaseDate: '2025-09-01' }],
        },
      },
    ]) {
      const res = await c.post(apiPaths.localImport, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await c.get(apiPaths.localImport)).json()).toEqual({ importedAt: null });
    const rows = await ctx.database.db.select().from(fanProfiles).where(eq(fanProfiles.userId, c.userId));
    expect(rows).toHaveLength(0);
  });

  it('an empty import is still the one import', async () => {
    const c = await signedInCentralFan('empty-importer@example.com');
    const res = await c.post(apiPaths.localImport, {});
    expect(res.json()).toMatchObject({ alreadyImported: false, summary: { favorites: 0, trophyItems: 0 } });
    expect((await c.get(apiPaths.localImport)).json().importedAt).not.toBeNull();
  });
});
