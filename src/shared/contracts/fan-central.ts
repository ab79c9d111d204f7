import { z } from 'zod';
import {
  type FavoriteList,
  favoriteListSlugs,
  favoriteLists,
  fanProfileLimits as fl,
  fanProfileMessages as fm,
  trophyItemTypes,
} from '../domain/fan-profile';
import {
  achievementRarities,
  consoleHandleKeys,
  gamingPlatforms,
  gamingTrophyTypes,
  gamingProfileLimits as gl,
  gamingProfileMessages as gm,
  type HandleKey,
  handleProblem,
  isSafeHttpUrl,
  normalizeHandle,
} from '../domain/gaming-profile';
import { isCalendarDate, trackedGameMessages, trackedGamesPerFan } from '../domain/tracked-games';
import { entryLookupSchema } from './boards';
import type { GamingPageProfile } from './gaming-page-profile';
import { singleLine } from './text';
import { createTrackedGameSchema, trackedGameErrorCodes } from './tracked-games';

/**
 * Fan Central's API contract (fanProfile, trophy item, gamingProfile, achievement, trophy,
 * gamingPageProfile). The same schemas check the browser's forms, the visitor's local store and the
 * server's routes, so all three accept and refuse the same things with the same messages.
 */

/** A fan's own lists answer as the tracked games do (sign in, not found, invalid, list full), plus these. */
export const fanCentralErrorCodes = {
  ...trackedGameErrorCodes,
  noPageProfile: 'NO_GAMING_PAGE_PROFILE',
  entryLinksRateLimited: 'ENTRY_LINKS_RATE_LIMITED',
} as const;

// ---- field helpers --------------------------------------------------------------------------------

/** Required one-line text, trimmed (see domain/text for the characters no text field takes). */
const requiredText = (label: string, max: number, requiredMessage: string) =>
  singleLine(label, { error: requiredMessage }).min(1, requiredMessage).max(max, fm.tooLong(label, max));

/** Optional one-line text: trimmed; '' and null both mean unset (null). */
const optionalText = (label: string, max: number, min?: { length: number; message: string }) =>
  singleLine(label)
    .max(max, fm.tooLong(label, max))
    .refine((v) => !min || v.length === 0 || v.length >= min.length, min?.message ?? '')
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional handle in its site's format; a leading '@' and spaces are dropped; '' means unset. */
const handle = (key: HandleKey) =>
  z
    .string()
    .max(100, fm.tooLong('Handle', 100))
    .nullish()
    .transform((v, ctx) => {
      const value = normalizeHandle(v ?? '');
      if (value === '') return null;
      const problem = handleProblem(key, value);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return value;
    });

const optionalDate = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), gm.dateInvalid);

/** An optional web address; only absolute http(s) addresses pass (no javascript: or data: links). */
const optionalLink = singleLine('Tracking link')
  .max(gl.trackingLink, fm.tooLong('Tracking link', gl.trackingLink))
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSafeHttpUrl(v), gm.linkInvalid);

/** When an imported item was added (ISO timestamp); the server keeps it if it is not in the future. */
const importedAt = z.iso.datetime({ offset: true }).optional();

// ---- fan profile ----------------------------------------------------------------------------------

/** PUT /api/me/fan-profile/card: the profile card's fields (view and edit). */
export const fanCardSchema = z.object({
  name: optionalText('Name', fl.name, { length: fl.nameMin, message: fm.nameTooShort }),
  favoriteMascot: optionalText('Favorite mascot', fl.favoriteMascot),
  favoriteCollege: optionalText('Favorite college', fl.favoriteCollege),
});
export type FanCardInput = z.input<typeof fanCardSchema>;
export type FanCard = z.infer<typeof fanCardSchema>;
export const fanCardKeys = ['name', 'favoriteMascot', 'favoriteCollege'] as const;

export const favoriteValue = requiredText('A favorite', fl.favorite, fm.favoriteRequired);
/** POST /api/me/fan-profile/favorites/:list */
export const addFavoriteSchema = z.object({ value: favoriteValue });
export const favoriteListParamsSchema = z.object({ list: z.enum(favoriteListSlugs) });
export const favoriteParamsSchema = z.object({
  list: z.enum(favoriteListSlugs),
  value: singleLine('A favorite').max(200),
});

/** POST /api/me/fan-profile/trophies (name and team required, type defaults to logo). */
export const createTrophyItemSchema = z.object({
  type: z.enum(trophyItemTypes).default('logo'),
  name: requiredText('Trophy name', fl.trophyName, fm.trophyNameRequired),
  team: requiredText('Team', fl.trophyTeam, fm.trophyTeamRequired),
});
export type CreateTrophyItemInput = z.input<typeof createTrophyItemSchema>;
export type CreateTrophyItem = z.infer<typeof createTrophyItemSchema>;

export const trophyItemSchema = z.object({
  id: z.string(),
  type: z.enum(trophyItemTypes),
  name: z.string(),
  team: z.string(),
  /** ISO timestamp. */
  dateAdded: z.string(),
});
export type TrophyItem = z.infer<typeof trophyItemSchema>;

export const fanProfileSchema = z.object({
  name: z.string().nullable(),
  favoriteMascot: z.string().nullable(),
  favoriteCollege: z.string().nullable(),
  favoriteSports: z.array(z.string()),
  favoriteTeams: z.array(z.string()),
  favoriteStars: z.array(z.string()),
  /** Newest first. */
  trophyCase: z.array(trophyItemSchema),
});
export type FanProfile = z.infer<typeof fanProfileSchema>;
export const fanProfileResponseSchema = z.object({ profile: fanProfileSchema });

export const favoritesResponseSchema = z.object({
  list: z.enum(favoriteLists),
  values: z.array(z.string()),
  /** False when the value was already there (duplicates are ignored). */
  added: z.boolean(),
});
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
export const trophyItemResponseSchema = z.object({ trophy: trophyItemSchema });

// ---- gaming profile -------------------------------------------------------------------------------

/** PUT /api/me/gaming-profile/handles (the gaming profile's own edit mode). */
export const gamingHandlesSchema = z.object({
  psnHandle: handle('psnHandle'),
  xboxHandle: handle('xboxHandle'),
  steamHandle: handle('steamHandle'),
  epicHandle: handle('epicHandle'),
});
export type GamingHandlesInput = z.input<typeof gamingHandlesSchema>;
export type GamingHandles = z.infer<typeof gamingHandlesSchema>;

const achievementFields = {
  game: requiredText('Game', gl.game, gm.gameRequired),
  name: requiredText('Achievement name', gl.name, gm.achievementNameRequired),
  description: optionalText('Description', gl.description),
  dateEarned: optionalDate,
  platform: z.enum(gamingPlatforms, { error: gm.platformInvalid }),
  rarity: z.enum(achievementRarities).default('common'),
  trackingLink: optionalLink,
};
/** POST /api/me/gaming-profile/achievements */
export const createAchievementSchema = z.object(achievementFields);
export type CreateAchievementInput = z.input<typeof createAchievementSchema>;
export type CreateAchievement = z.infer<typeof createAchievementSchema>;
/** PATCH /api/me/gaming-profile/achievements/:id: the inline-editable live tracking link. */
export const updateAchievementSchema = z.object({ trackingLink: optionalLink });
export type UpdateAchievementInput = z.input<typeof updateAchievementSchema>;

const gamingTrophyFields = {
  game: requiredText('Game', gl.game, gm.gameRequired),
  name: requiredText('Trophy name', gl.name, gm.trophyNameRequired),
  type: z.enum(gamingTrophyTypes).default('bronze'),
  dateEarned: optionalDate,
  platform: z.enum(gamingPlatforms, { error: gm.platformInvalid }),
};
/** POST /api/me/gaming-profile/trophies */
export const createGamingTrophySchema = z.object(gamingTrophyFields);
export type CreateGamingTrophyInput = z.input<typeof createGamingTrophySchema>;
export type CreateGamingTrophy = z.infer<typeof createGamingTrophySchema>;

/**
 * What an achievement and a gaming trophy both answer, around their own fields (the answer keeps this order):
 * the item's id, its game and name first, then when it was earned (null: not said) and on which platform.
 */
const gamingItem = { id: z.string(), game: z.string(), name: z.string() };
const earnedOn = { dateEarned: z.string().nullable(), platform: z.enum(gamingPlatforms) };

export const achievementSchema = z.object({
  ...gamingItem,
  description: z.string().nullable(),
  ...earnedOn,
  rarity: z.enum(achievementRarities),
  trackingLink: z.string().nullable(),
  dateAdded: z.string(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const gamingTrophySchema = z.object({
  ...gamingItem,
  type: z.enum(gamingTrophyTypes),
  ...earnedOn,
  dateAdded: z.string(),
});
export type GamingTrophy = z.infer<typeof gamingTrophySchema>;

const nullableHandles = Object.fromEntries(consoleHandleKeys.map((k) => [k, z.string().nullable()])) as Record<
  (typeof consoleHandleKeys)[number],
  z.ZodNullable<z.ZodString>
>;
export const gamingProfileSchema = z.object({
  ...nullableHandles,
  /** Newest first. */
  achievements: z.array(achievementSchema),
  /** Newest first. */
  trophies: z.array(gamingTrophySchema),
});
export type GamingProfile = z.infer<typeof gamingProfileSchema>;
export const gamingProfileResponseSchema = z.object({ profile: gamingProfileSchema });
export const achievementResponseSchema = z.object({ achievement: achievementSchema });
export const gamingTrophyResponseSchema = z.object({ trophy: gamingTrophySchema });

// ---- gaming page profile (the gaming hub) ---------------------------------------------------------

/** PUT /api/me/gaming-page-profile */
export const gamingPageProfileInputSchema = z.object({
  playerName: optionalText('Player name', gl.playerName, { length: gl.playerNameMin, message: gm.playerNameTooShort }),
  psnHandle: handle('psnHandle'),
  xboxHandle: handle('xboxHandle'),
  steamHandle: handle('steamHandle'),
  epicHandle: handle('epicHandle'),
  twitchHandle: handle('twitchHandle'),
  youtubeHandle: handle('youtubeHandle'),
  tiktokHandle: handle('tiktokHandle'),
  instagramHandle: handle('instagramHandle'),
});
export type GamingPageProfileInput = z.input<typeof gamingPageProfileInputSchema>;
export {
  type GamingPageProfile,
  gamingPageProfileResponseSchema,
  gamingPageProfileSchema,
} from './gaming-page-profile';
export const emptyGamingPageProfile: GamingPageProfile = {
  playerName: null,
  psnHandle: null,
  xboxHandle: null,
  steamHandle: null,
  epicHandle: null,
  twitchHandle: null,
  youtubeHandle: null,
  tiktokHandle: null,
  instagramHandle: null,
};

// ---- the visitor's local data, imported into an account once --------------------------------------

const favoritesList = (list: FavoriteList) => z.array(favoriteValue).max(fl.favoritesPerList, fm.favoritesFull(list));
/** A list of imported items (`item`: as its add form takes one, plus `added`), at most `max` (`full` past it). */
const importedList = <T extends z.ZodType>(item: T, max: number, full: string) =>
  z.array(item).max(max, full).default([]);
const added = { dateAdded: importedAt };

/**
 * POST /api/me/local-import: what a visitor kept in this browser ('fanProfile', 'gamingProfile',
 * 'gamingPageProfile'; the old 'bets' list already moved to 'games'). The browser cleans its data into
 * this shape first (`cleanLocalFanData`), so a valid local record always passes.
 */
export const localImportSchema = z.object({
  fanProfile: z
    .object({
      ...fanCardSchema.shape,
      favoriteSports: favoritesList('favoriteSports').default([]),
      favoriteTeams: favoritesList('favoriteTeams').default([]),
      favoriteStars: favoritesList('favoriteStars').default([]),
      trophyCase: importedList(createTrophyItemSchema.extend(added), fl.trophies, fm.trophiesFull),
      games: importedList(createTrackedGameSchema.safeExtend(added), trackedGamesPerFan, trackedGameMessages.listFull),
    })
    .optional(),
  gamingProfile: z
    .object({
      ...gamingHandlesSchema.shape,
      achievements: importedList(createAchievementSchema.extend(added), gl.achievements, gm.achievementsFull),
      trophies: importedList(createGamingTrophySchema.extend(added), gl.trophies, gm.trophiesFull),
    })
    .optional(),
  gamingPageProfile: gamingPageProfileInputSchema.optional(),
});
export type LocalImportInput = z.input<typeof localImportSchema>;
export type LocalImport = z.infer<typeof localImportSchema>;

/** The lists an import adds a visitor's items to, by the names its summary counts them under. */
export const importedLists = ['favorites', 'trophyItems', 'games', 'achievements', 'gamingTrophies'] as const;

export const importSummarySchema = z.object({
  /** Profile card fields, handles and gaming page fields that were unset in the account and filled. */
  profileFields: z.number().int(),
  /** Items added, by list. */
  ...(Object.fromEntries(importedLists.map((list) => [list, z.number().int()])) as Record<
    (typeof importedLists)[number],
    z.ZodNumber
  >),
  /** Items that did not fit under the account's limits. */
  skipped: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const localImportResultSchema = z.object({
  /** True when this account had already imported: nothing new was imported this time. */
  alreadyImported: z.boolean(),
  importedAt: z.string(),
  summary: importSummarySchema,
});
export type LocalImportResult = z.infer<typeof localImportResultSchema>;
export const localImportStatusSchema = z.object({ importedAt: z.string().nullable() });

/** POST /api/me/entry-links: the tickets of entries this browser made as a visitor, to keep in the account. */
export const entryLinksSchema = entryLookupSchema;
export type EntryLinksInput = z.infer<typeof entryLinksSchema>;

/** Why one ticket was not linked: it belongs to another account, or no entry has it. */
export const entryLinkMessages = {
  otherAccount: (ticket: string) => `Entry ${ticket} is already linked to another account, so it was not added.`,
  unknown: (ticket: string) => `We found no entry with ticket ${ticket}.`,
  rateLimited: 'Too many entry imports from this account. Please try again later.',
} as const;

export const entryLinksResultSchema = z.object({
  /** Tickets now in the account (newly linked, or already the account's: linking is idempotent). */
  linked: z.array(z.string()),
  /** Tickets left out, each with the reason for the fan. */
  refused: z.array(z.object({ ticket: z.string(), reason: z.enum(['otherAccount', 'unknown']), message: z.string() })),
});
export type EntryLinksResult = z.infer<typeof entryLinksResultSchema>;

export const itemParamsSchema = z.object({ id: singleLine('Id').max(100) });
