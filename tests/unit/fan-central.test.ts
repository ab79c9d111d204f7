import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFavoriteSchema,
  createAchievementSchema,
  fanCardSchema,
  gamingHandlesSchema,
  gamingPageProfileInputSchema,
  localImportSchema,
} from '../../src/shared/contracts/fan-central';
import {
  cleanLocalFanData,
  cleanLocalFanProfile,
  hasAnyLocalData,
  localDataCounts,
} from '../../src/shared/contracts/fan-central-local';
import {
  addFavorite,
  fanProfileLimits,
  fanStats,
  fillUnset,
  isGolf,
  mergeFavorites,
  removeFavorite,
} from '../../src/shared/domain/fan-profile';
import {
  dateEarnedProblem,
  handleProblem,
  handleRules,
  handlesFromPageProfile,
  isSafeHttpUrl,
  normalizeHandle,
  platformOf,
} from '../../src/shared/domain/gaming-profile';
import { streamLinkHref, streamLinksOf } from '../../src/shared/domain/stream-links';

describe('favorites', () => {
  it('adds trimmed values, ignoring empty entries and duplicates in any case', () => {
    expect(addFavorite([], '  Hockey ')).toEqual({ outcome: 'added', list: ['Hockey'] });
    expect(addFavorite(['Hockey'], '')).toEqual({ outcome: 'empty', list: ['Hockey'] });
    expect(addFavorite(['Hockey'], '   ')).toEqual({ outcome: 'empty', list: ['Hockey'] });
    expect(addFavorite(['Hockey'], ' hOCKEY ')).toEqual({ outcome: 'duplicate', list: ['Hockey'] });
    expect(addFavorite([], 'x'.repeat(51)).outcome).toBe('too-long');
  });

  it('caps a list at 50 entries', () => {
    const full = Array.from({ length: 50 }, (_, n) => `Team ${n}`);
    expect(addFavorite(full, 'One more')).toEqual({ outcome: 'full', list: full });
    expect(addFavorite(full, 'team 3').outcome).toBe('duplicate');
  });

  it("recognises 'golf' in any case, only in favorite sports", () => {
    expect(isGolf('favoriteSports', 'golf')).toBe(true);
    expect(isGolf('favoriteSports', ' GoLF ')).toBe(true);
    expect(isGolf('favoriteSports', 'mini golf')).toBe(false);
    expect(isGolf('favoriteTeams', 'Golf')).toBe(false);
  });

  it('removes case-insensitively', () => {
    expect(removeFavorite(['Knicks', 'Pacers'], 'KNICKS')).toEqual(['Pacers']);
    expect(removeFavorite(['Knicks'], 'Lakers')).toEqual(['Knicks']);
  });

  it('never holds duplicates, empties or more than 50, whatever is added (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('a', 'A', ' a ', 'golf'))),
        (values) => {
          let list: string[] = [];
          for (const v of values) list = addFavorite(list, v).list;
          const keys = list.map((v) => v.toLocaleLowerCase('en-US'));
          expect(new Set(keys).size).toBe(list.length);
          expect(list.length).toBeLessThanOrEqual(fanProfileLimits.favoritesPerList);
          for (const v of list) {
            expect(v).toBe(v.trim());
            expect(v.length).toBeGreaterThan(0);
            expect(v.length).toBeLessThanOrEqual(fanProfileLimits.favorite);
          }
          const merged = mergeFavorites([], values);
          expect(merged.list).toEqual(list);
          expect(merged.added).toBe(list.length);
        },
      ),
    );
  });
});

describe('fan stats', () => {
  it('counts favorite teams, trophy items, available games and favorite stars', () => {
    expect(
      fanStats({ favoriteTeams: ['A', 'B'], favoriteStars: ['S'], trophyCase: [{}, {}, {}] }, [
        { status: 'available' },
        { status: 'coming-soon' },
        { status: 'available' },
      ]),
    ).toEqual({ favoriteTeams: 2, trophyItems: 3, availableGames: 2, favoriteStars: 1 });
  });
});

describe('fillUnset', () => {
  it('fills only unset keys and counts them', () => {
    expect(fillUnset({ a: null, b: 'kept' }, { a: 'new', b: 'ignored' }, ['a', 'b'])).toEqual({
      merged: { a: 'new', b: 'kept' },
      filled: 1,
    });
    expect(fillUnset({ a: null }, { a: '' }, ['a'])).toEqual({ merged: { a: null }, filled: 0 });
  });
});

describe('handles', () => {
  it('drops a leading @ and surrounding spaces', () => {
    expect(normalizeHandle('  @FanGrid ')).toBe('FanGrid');
    expect(normalizeHandle('@@x')).toBe('@x');
  });

  it.each([
    ['psnHandle', 'Kratos_Fan', true],
    ['psnHandle', '9lives', false],
    ['psnHandle', 'ab', false],
    ['xboxHandle', 'Master Chief', true],
    ['xboxHandle', 'Chief#1234', true],
    ['xboxHandle', ' Chief', false],
    ['xboxHandle', 'ThisGamertagIsTooLong', false],
    ['steamHandle', 'gordon_f', true],
    ['steamHandle', 'a b', false],
    ['epicHandle', 'Jonesy.Builds', true],
    ['epicHandle', 'ab', false],
    ['twitchHandle', 'fangrid_live', true],
    ['twitchHandle', '_lead', false],
    ['twitchHandle', 'abc', false],
    ['youtubeHandle', 'FanGrid-Clips.tv', true],
    ['youtubeHandle', 'no/slash', false],
    ['tiktokHandle', 'fangrid.plays', true],
    ['tiktokHandle', 'dash-no', false],
    ['instagramHandle', 'f', true],
    ['instagramHandle', 'x'.repeat(31), false],
  ] as const)('%s %j valid: %s', (key, value, valid) => {
    expect(handleProblem(key, value) === null).toBe(valid);
    if (!valid) expect(handleProblem(key, value)).toBe(handleRules[key].message);
  });

  it('accepts an empty handle (unset)', () => {
    expect(handleProblem('psnHandle', '')).toBeNull();
  });

  it('no accepted stream handle holds characters that could leave a URL path segment (property)', () => {
    const streamKeys = ['twitchHandle', 'youtubeHandle', 'tiktokHandle', 'instagramHandle'] as const;
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[a-z_.#/?:-]{1,30}$/)),
        fc.constantFrom(...streamKeys),
        (value, key) => {
          const h = normalizeHandle(value);
          if (h && handleProblem(key, h) === null) {
            expect(h).not.toMatch(/[/?#:%<>"'\\]/);
          }
        },
      ),
    );
  });

  it('the contract normalizes and validates with the same rules', () => {
    expect(gamingHandlesSchema.parse({ psnHandle: ' @Kratos_Fan ', xboxHandle: '' })).toEqual({
      psnHandle: 'Kratos_Fan',
      xboxHandle: null,
      steamHandle: null,
      epicHandle: null,
    });
    const bad = gamingHandlesSchema.safeParse({ steamHandle: 'a b' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['steamHandle'], message: handleRules.steamHandle.message });
    expect(gamingPageProfileInputSchema.safeParse({ playerName: 'J' }).error?.issues[0]?.message).toBe(
      'Player name must be at least 2 characters',
    );
  });
});

describe('links', () => {
  it.each([
    ['https://psnprofiles.com/trophies/1', true],
    ['http://example.com', true],
    ['HTTPS://EXAMPLE.COM/A', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['  javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['vbscript:msgbox', false],
    ['//example.com', false],
    ['/relative', false],
    ['www.example.com', false],
    ['https://user:pw@example.com', false],
    ['https://exa mple.com', false],
    ['ftp://example.com', false],
    [`https://example.com/${'a'.repeat(500)}`, false],
  ])('%s is safe: %s', (url, safe) => {
    expect(isSafeHttpUrl(url)).toBe(safe);
  });

  it('anything accepted parses as http(s) (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constant('javascript:void(0)')), (value) => {
        if (isSafeHttpUrl(value)) expect(['http:', 'https:']).toContain(new URL(value).protocol);
      }),
    );
  });

  it('the achievement contract refuses unsafe links and empty means none', () => {
    const base = { game: 'G', name: 'N', platform: 'PC' };
    expect(createAchievementSchema.safeParse({ ...base, trackingLink: 'javascript:alert(1)' }).success).toBe(false);
    expect(createAchievementSchema.parse({ ...base, trackingLink: '' }).trackingLink).toBeNull();
    expect(createAchievementSchema.parse(base)).toMatchObject({ rarity: 'common', dateEarned: null });
  });
});

describe('dates earned', () => {
  it('are optional real dates, not after the latest day', () => {
    expect(dateEarnedProblem(null, '2025-06-11')).toBeNull();
    expect(dateEarnedProblem('2025-06-11', '2025-06-11')).toBeNull();
    expect(dateEarnedProblem('2025-06-12', '2025-06-11')).toBe('The date earned cannot be in the future');
    expect(dateEarnedProblem('2025-02-29', '2025-06-11')).toBe('Enter the date as a real date (YYYY-MM-DD)');
  });
});

describe('gaming page profile import', () => {
  const none = { psnHandle: null, xboxHandle: null, steamHandle: null, epicHandle: null };
  it('is "not found" without a console handle on the page', () => {
    expect(handlesFromPageProfile(none, null)).toBeNull();
    expect(handlesFromPageProfile(none, { ...none })).toBeNull();
  });
  it('copies the page handles that are set and keeps the rest', () => {
    expect(
      handlesFromPageProfile(
        { ...none, steamHandle: 'mine', epicHandle: 'old' },
        { psnHandle: 'P', epicHandle: 'new' },
      ),
    ).toEqual({ psnHandle: 'P', xboxHandle: null, steamHandle: 'mine', epicHandle: 'new' });
  });
});

describe('stream links', () => {
  it('builds the four sites from a handle', () => {
    expect(streamLinkHref('twitch', 'fangrid_live')).toBe('https://www.twitch.tv/fangrid_live');
    expect(streamLinkHref('youtube', '@FanGridClips')).toBe('https://www.youtube.com/@FanGridClips');
    expect(streamLinkHref('tiktok', 'fangrid.plays')).toBe('https://www.tiktok.com/@fangrid.plays');
    expect(streamLinkHref('instagram', 'fangrid')).toBe('https://www.instagram.com/fangrid');
  });
  it('encodes anything odd so a handle never leaves its path segment', () => {
    expect(streamLinkHref('twitch', 'a/../b?x#y')).toBe('https://www.twitch.tv/a%2F..%2Fb%3Fx%23y');
  });
  it('lists only the sites with a handle, in order', () => {
    expect(streamLinksOf({ instagramHandle: 'ig', twitchHandle: 'tw', youtubeHandle: null })).toEqual([
      { site: 'twitch', name: 'Twitch', handle: 'tw', href: 'https://www.twitch.tv/tw' },
      { site: 'instagram', name: 'Instagram', handle: 'ig', href: 'https://www.instagram.com/ig' },
    ]);
  });
});

describe('platforms', () => {
  it('match case-insensitively; anything else is Other', () => {
    expect(platformOf('playstation')).toBe('PlayStation');
    expect(platformOf(' Nintendo Switch ')).toBe('Nintendo Switch');
    expect(platformOf('Dreamcast')).toBe('Other');
    expect(platformOf(3)).toBe('Other');
  });
});

describe('the profile card contract', () => {
  it('trims, and reads empty as unset', () => {
    expect(fanCardSchema.parse({ name: ' Jo ', favoriteMascot: '  ' })).toEqual({
      name: 'Jo',
      favoriteMascot: null,
      favoriteCollege: null,
    });
    expect(fanCardSchema.safeParse({ name: 'J' }).error?.issues[0]?.message).toBe('Name must be at least 2 characters');
    expect(addFavoriteSchema.safeParse({ value: ' ' }).error?.issues[0]?.message).toBe('Type a favorite to add');
  });
});

describe('local data (the visitor’s browser records)', () => {
  let n = 0;
  const ctx = { newId: () => `id-${n++}`, now: '2025-06-11T12:00:00.000Z' };

  it("migrates the old 'bets' list to 'games'", () => {
    const bet = { id: 'b1', title: 'NBA 2K26', description: 'Sim', category: 'Sports', status: 'available' };
    const { value } = cleanLocalFanProfile({ bets: [bet] }, ctx);
    expect(value.games).toEqual([{ ...bet, releaseDate: null, dateAdded: ctx.now }]);
    const both = cleanLocalFanProfile({ games: [{ ...bet, id: 'g1', title: 'Kept' }], bets: [bet] }, ctx).value.games;
    expect(both.map((g) => g.title)).toEqual(['Kept', 'NBA 2K26']);
  });

  it('maps unknown kinds to defaults, drops unsafe links and bad handles, leaves out items missing a required field', () => {
    const { data, dropped } = cleanLocalFanData(
      {
        fanProfile: {
          name: 'X',
          trophyCase: [
            { type: 'jersey', name: 'Signed', team: 'Pacers' },
            { type: 'logo', name: '', team: 'Pacers' },
            'not an object',
          ],
          favoriteTeams: ['Pacers', 'pacers', 42, null],
        },
        gamingProfile: {
          psnHandle: '@Good_Handle',
          xboxHandle: '<bad>',
          achievements: [
            { game: 'G', name: 'N', trackingLink: 'javascript:alert(1)', rarity: 'ULTRA', platform: 'pc' },
          ],
        },
        gamingPageProfile: { twitchHandle: 'ok_handle', tiktokHandle: 'bad handle', playerName: 'P' },
      },
      ctx,
    );
    expect(dropped).toBe(2);
    expect(data.fanProfile.name).toBeNull(); // one letter: below the minimum
    expect(data.fanProfile.trophyCase).toEqual([expect.objectContaining({ type: 'logo', name: 'Signed' })]);
    expect(data.fanProfile.favoriteTeams).toEqual(['Pacers', '42']);
    expect(data.gamingProfile).toMatchObject({ psnHandle: 'Good_Handle', xboxHandle: null });
    expect(data.gamingProfile.achievements[0]).toMatchObject({ trackingLink: null, rarity: 'common', platform: 'PC' });
    expect(data.gamingPageProfile).toMatchObject({ twitchHandle: 'ok_handle', tiktokHandle: null, playerName: null });
  });

  it('counts what an import would bring', () => {
    const { data } = cleanLocalFanData({}, ctx);
    expect(hasAnyLocalData(data)).toBe(false);
    const more = cleanLocalFanData({ fanProfile: { favoriteSports: ['Golf'], name: 'Jo' } }, ctx).data;
    expect(localDataCounts(more)).toMatchObject({ profileFields: 1, favorites: 1 });
    expect(hasAnyLocalData(more)).toBe(true);
  });

  it('whatever is stored, the cleaned data passes the import contract (property)', () => {
    const loose = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.integer(),
      fc.constant(null),
      fc.constantFrom('javascript:alert(1)', 'https://ok.example.com', '2025-06-01', 'coming-soon', 'platinum', '@x_y'),
    );
    const item = fc.dictionary(
      fc.constantFrom(
        'id',
        'title',
        'description',
        'category',
        'status',
        'releaseDate',
        'type',
        'name',
        'team',
        'game',
        'platform',
        'rarity',
        'trackingLink',
        'dateEarned',
        'dateAdded',
      ),
      loose,
    );
    const record = fc.record({
      fanProfile: fc.oneof(
        fc.anything(),
        fc.record({
          name: loose,
          favoriteSports: fc.array(loose, { maxLength: 70 }),
          trophyCase: fc.array(item, { maxLength: 10 }),
          games: fc.array(item, { maxLength: 10 }),
          bets: fc.array(item, { maxLength: 10 }),
        }),
      ),
      gamingProfile: fc.oneof(
        fc.anything(),
        fc.record({ psnHandle: loose, achievements: fc.array(item, { maxLength: 10 }), trophies: fc.array(item) }),
      ),
      gamingPageProfile: fc.oneof(fc.anything(), fc.record({ twitchHandle: loose, playerName: loose })),
    });
    fc.assert(
      fc.property(record, (raw) => {
        const { payload } = cleanLocalFanData(raw, ctx);
        expect(localImportSchema.safeParse(payload).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
