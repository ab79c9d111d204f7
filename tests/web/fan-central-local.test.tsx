import { beforeEach, describe, expect, it } from 'vitest';
import { localFanCentral } from '../../src/web/features/fan-central/api';
import { localTrackedGames } from '../../src/web/features/tracked-games';
import { ApiClientError } from '../../src/web/lib/api-client';
import { readLocalFanData } from '../../src/web/lib/local-fan-data';
import { clearLocalFanData, hasLocalFanRecords, markOffered, wasOffered } from '../../src/web/lib/local-fan-records';

/** What a local store threw, as the server would have answered it. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiClientError);
    const e = err as ApiClientError;
    return { status: e.status, code: e.code, message: e.message, fields: e.fields };
  }
  throw new Error('expected a refusal');
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

beforeEach(() => localStorage.clear());

describe("a visitor's local Fan Central store applies the server's rules", () => {
  it('writes nothing until the visitor changes something', () => {
    expect(localFanCentral.fanProfile()).toMatchObject({ name: null, favoriteSports: [], trophyCase: [] });
    expect(localFanCentral.gamingProfile()).toMatchObject({ psnHandle: null, achievements: [] });
    expect(hasLocalFanRecords()).toBe(false);
  });

  it('saves the profile card with the same validation and messages', () => {
    expect(refusal(() => localFanCentral.saveCard({ name: 'J' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are missing or invalid.',
      fields: { name: 'Name must be at least 2 characters' },
    });
    expect(localFanCentral.saveCard({ name: ' Jordan ', favoriteMascot: '' })).toMatchObject({
      name: 'Jordan',
      favoriteMascot: null,
    });
    expect(stored('fanProfile')).toMatchObject({ name: 'Jordan', favoriteMascot: null });
    expect(hasLocalFanRecords()).toBe(true);
  });

  it('ignores duplicate favorites in any case and caps each list at 50', () => {
    expect(localFanCentral.addFavorite('favoriteSports', 'Hockey')).toEqual({
      list: 'favoriteSports',
      values: ['Hockey'],
      added: true,
    });
    expect(localFanCentral.addFavorite('favoriteSports', 'HOCKEY').added).toBe(false);
    expect(refusal(() => localFanCentral.addFavorite('favoriteSports', ' ')).fields).toEqual({
      value: 'Type a favorite to add',
    });
    for (let n = 1; n < 50; n++) localFanCentral.addFavorite('favoriteSports', `Sport ${n}`);
    expect(refusal(() => localFanCentral.addFavorite('favoriteSports', 'One more'))).toEqual({
      status: 409,
      code: 'LIMIT_REACHED',
      message: 'You can keep up to 50 favorite sports. Remove one to add another.',
      fields: undefined,
    });
    expect(localFanCentral.removeFavorite('favoriteSports', 'hockey').values).toHaveLength(49);
  });

  it('keeps trophy items (logo by default), with required name and team', () => {
    expect(refusal(() => localFanCentral.addTrophyItem({ name: '', team: '' })).fields).toEqual({
      name: 'Trophy name is required',
      team: 'Team is required',
    });
    const item = localFanCentral.addTrophyItem({ name: 'Finals Logo', team: 'Pacers' });
    expect(item).toMatchObject({ type: 'logo', name: 'Finals Logo', team: 'Pacers' });
    localFanCentral.removeTrophyItem(item.id);
    expect(refusal(() => localFanCentral.removeTrophyItem(item.id)).status).toBe(404);
  });

  it("copies the gaming page's console handles, or says 'No Gaming Profile Found'", () => {
    expect(refusal(() => localFanCentral.importHandlesFromPage())).toMatchObject({
      status: 404,
      code: 'NO_GAMING_PAGE_PROFILE',
      message: 'Please fill out your gaming profile on the Gaming Page first.',
    });
    localStorage.setItem('gamingPageProfile', JSON.stringify({ xboxHandle: 'Master Chief', twitchHandle: 'tw_live' }));
    localFanCentral.saveHandles({ psnHandle: 'Kratos_Fan' });
    expect(localFanCentral.importHandlesFromPage()).toMatchObject({
      psnHandle: 'Kratos_Fan',
      xboxHandle: 'Master Chief',
    });
  });

  it('refuses unsafe tracking links and future dates; edits the link in place', () => {
    const base = { game: 'Elden Ring', name: 'Elden Lord', platform: 'PlayStation' } as const;
    expect(
      refusal(() => localFanCentral.addAchievement({ ...base, trackingLink: 'javascript:alert(1)' })).fields,
    ).toEqual({
      trackingLink: 'Enter a full web address starting with http:// or https://',
    });
    expect(refusal(() => localFanCentral.addAchievement({ ...base, dateEarned: '2999-01-01' })).fields).toEqual({
      dateEarned: 'The date earned cannot be in the future',
    });
    const a = localFanCentral.addAchievement(base);
    expect(a).toMatchObject({ rarity: 'common', trackingLink: null });
    expect(localFanCentral.setTrackingLink(a.id, 'https://live.example.com').trackingLink).toBe(
      'https://live.example.com',
    );
    expect(refusal(() => localFanCentral.setTrackingLink(a.id, 'data:text/html,x')).status).toBe(400);
    expect(localFanCentral.gamingProfile().achievements[0]?.trackingLink).toBe('https://live.example.com');
  });

  it('caps tracked games at 100 with the same message, and reads an old bets list as games', () => {
    localStorage.setItem(
      'fanProfile',
      JSON.stringify({
        bets: Array.from({ length: 100 }, (_, n) => ({
          id: `b${n}`,
          title: `Game ${n}`,
          description: 'd',
          category: 'c',
          status: 'available',
        })),
      }),
    );
    expect(localTrackedGames.list()).toHaveLength(100);
    expect(refusal(() => localTrackedGames.add({ title: 'T', description: 'D', category: 'C' }))).toMatchObject({
      status: 409,
      message: 'You can track up to 100 games. Remove one to add another.',
    });
    localTrackedGames.remove('b0');
    expect(localTrackedGames.add({ title: 'T', description: 'D', category: 'C' }).status).toBe('available');
    expect(stored('fanProfile').games).toHaveLength(100);
    expect(stored('fanProfile').bets).toBeUndefined();
  });

  it('builds the import request from what is stored, and forgets it afterwards', () => {
    localFanCentral.addFavorite('favoriteTeams', 'Fever');
    localStorage.setItem(
      'gamingPageProfile',
      JSON.stringify({ twitchHandle: '@tw_live', youtubeHandle: 'bad handle!' }),
    );
    const { payload } = readLocalFanData();
    expect(payload.fanProfile?.favoriteTeams).toEqual(['Fever']);
    expect(payload.gamingPageProfile).toMatchObject({ twitchHandle: 'tw_live', youtubeHandle: null });
    clearLocalFanData();
    expect(hasLocalFanRecords()).toBe(false);
  });

  it('remembers which accounts were offered the import', () => {
    expect(wasOffered('u1')).toBe(false);
    markOffered('u1');
    markOffered('u1');
    expect(wasOffered('u1')).toBe(true);
    expect(stored('fangrid.localImport.offered')).toEqual(['u1']);
  });
});
