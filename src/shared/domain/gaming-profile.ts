/**
 * Gaming profile (console handles, achievements, trophies) and gaming page profile (handles
 * including streaming sites, player name): the handle formats, lists, limits and messages shared by the
 * API contract, the server and the browser's local store.
 */
import { isCalendarDate } from './tracked-games';

export const consoleHandleKeys = ['psnHandle', 'xboxHandle', 'steamHandle', 'epicHandle'] as const;
export const streamHandleKeys = ['twitchHandle', 'youtubeHandle', 'tiktokHandle', 'instagramHandle'] as const;
export type ConsoleHandleKey = (typeof consoleHandleKeys)[number];
export type StreamHandleKey = (typeof streamHandleKeys)[number];
export type HandleKey = ConsoleHandleKey | StreamHandleKey;
export const pageProfileKeys = [...consoleHandleKeys, ...streamHandleKeys] as const;

interface HandleRule {
  label: string;
  pattern: RegExp;
  /** Longest allowed value (also the input's maxLength). */
  max: number;
  message: string;
  placeholder: string;
}

/**
 * Each site's own rules for names, kept a little generous so real handles pass: PSN Online IDs, Xbox
 * gamertags (with the optional #1234 suffix of modern gamertags), Steam custom URLs, Epic display names,
 * and the four streaming and social sites' usernames.
 */
export const handleRules: Record<HandleKey, HandleRule> = {
  psnHandle: {
    label: 'PlayStation Network ID',
    pattern: /^[A-Za-z][A-Za-z0-9_-]{2,15}$/,
    max: 16,
    message: 'PSN IDs are 3–16 letters, numbers, hyphens or underscores, starting with a letter',
    placeholder: 'e.g. Kratos_Fan',
  },
  xboxHandle: {
    label: 'Xbox gamertag',
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9 ]{0,13}[A-Za-z0-9])?(?:#\d{1,4})?$/,
    max: 20,
    message: 'Xbox gamertags are up to 15 letters, numbers or spaces, with an optional #1234 suffix',
    placeholder: 'e.g. Master Chief',
  },
  steamHandle: {
    label: 'Steam profile name',
    pattern: /^[A-Za-z0-9_-]{2,32}$/,
    max: 32,
    message: 'Steam profile names are 2–32 letters, numbers, hyphens or underscores',
    placeholder: 'e.g. gordon_f',
  },
  epicHandle: {
    label: 'Epic Games display name',
    pattern: /^[A-Za-z0-9][A-Za-z0-9 ._-]{1,14}[A-Za-z0-9._-]$/,
    max: 16,
    message: 'Epic display names are 3–16 letters, numbers, spaces, dots, hyphens or underscores',
    placeholder: 'e.g. Jonesy.Builds',
  },
  twitchHandle: {
    label: 'Twitch username',
    pattern: /^[A-Za-z0-9][A-Za-z0-9_]{3,24}$/,
    max: 25,
    message: 'Twitch usernames are 4–25 letters, numbers or underscores',
    placeholder: 'e.g. fangrid_live',
  },
  youtubeHandle: {
    label: 'YouTube handle',
    pattern: /^[A-Za-z0-9_.-]{3,30}$/,
    max: 30,
    message: 'YouTube handles are 3–30 letters, numbers, dots, hyphens or underscores',
    placeholder: 'e.g. FanGridClips',
  },
  tiktokHandle: {
    label: 'TikTok username',
    pattern: /^[A-Za-z0-9_.]{2,24}$/,
    max: 24,
    message: 'TikTok usernames are 2–24 letters, numbers, dots or underscores',
    placeholder: 'e.g. fangrid.plays',
  },
  instagramHandle: {
    label: 'Instagram username',
    pattern: /^[A-Za-z0-9_.]{1,30}$/,
    max: 30,
    message: 'Instagram usernames are up to 30 letters, numbers, dots or underscores',
    placeholder: 'e.g. fangrid',
  },
};

/** What people type: surrounding spaces and a leading '@' are dropped ('@FanGrid ' is 'FanGrid'). */
export function normalizeHandle(value: string): string {
  return value.trim().replace(/^@/, '').trim();
}

/** The problem with a (normalized) handle, or null when it is fine or empty (handles are optional). */
export function handleProblem(key: HandleKey, value: string): string | null {
  if (value === '') return null;
  const rule = handleRules[key];
  return rule.pattern.test(value) ? null : rule.message;
}

export const achievementRarities = ['common', 'rare', 'epic', 'legendary'] as const;
export type AchievementRarity = (typeof achievementRarities)[number];
export const gamingTrophyTypes = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type GamingTrophyType = (typeof gamingTrophyTypes)[number];
export const gamingPlatforms = [
  'PlayStation',
  'Xbox',
  'Steam',
  'Epic Games',
  'Nintendo Switch',
  'PC',
  'Mobile',
  'Other',
] as const;
export type GamingPlatform = (typeof gamingPlatforms)[number];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const rarityLabel = (rarity: AchievementRarity) => capitalize(rarity);
export const trophyTypeLabel = (type: GamingTrophyType) => capitalize(type);

/** A platform name as stored, matched case-insensitively; anything unknown is 'Other'. */
export function platformOf(value: unknown): GamingPlatform {
  if (typeof value !== 'string') return 'Other';
  const key = value.trim().toLowerCase();
  return gamingPlatforms.find((p) => p.toLowerCase() === key) ?? 'Other';
}

export const gamingProfileLimits = {
  game: 80,
  name: 80,
  description: 300,
  trackingLink: 500,
  playerNameMin: 2,
  playerName: 32,
  achievements: 200,
  trophies: 200,
} as const;

export const gamingProfileMessages = {
  gameRequired: 'Game is required',
  achievementNameRequired: 'Achievement name is required',
  trophyNameRequired: 'Trophy name is required',
  platformInvalid: 'Choose a platform from the list',
  linkInvalid: 'Enter a full web address starting with http:// or https://',
  dateInvalid: 'Enter the date as a real date (YYYY-MM-DD)',
  dateInFuture: 'The date earned cannot be in the future',
  playerNameTooShort: `Player name must be at least ${gamingProfileLimits.playerNameMin} characters`,
  achievementsFull: `You can track up to ${gamingProfileLimits.achievements} achievements. Remove one to add another.`,
  trophiesFull: `You can track up to ${gamingProfileLimits.trophies} trophies. Remove one to add another.`,
  achievementNotFound: 'We could not find that achievement in your gaming profile.',
  trophyNotFound: 'We could not find that trophy in your gaming profile.',
  signInRequired: 'Please sign in to keep your gaming profile in your account.',
  /** Successes and the missing-page-profile case. */
  updated: { title: 'Gaming Profile Updated!', description: 'Your gaming information has been saved.' },
  copied: {
    title: 'Gaming Profile Copied!',
    description: 'Your gaming handles have been imported from the Gaming Page.',
  },
  noPageProfile: {
    title: 'No Gaming Profile Found',
    description: 'Please fill out your gaming profile on the Gaming Page first.',
  },
  achievementUpdated: { title: 'Achievement Updated!', description: 'Live tracking link has been saved.' },
} as const;

/**
 * True for an absolute http(s) address with a host and no embedded credentials. Everything else
 * (javascript:, data:, relative paths, 'www.example.com') is refused, so a saved link is always safe to
 * render as a link.
 */
export function isSafeHttpUrl(value: string): boolean {
  if (value.length > gamingProfileLimits.trackingLink || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password
  );
}

/**
 * 'import from the gaming page profile': the console handles to copy, or null when the gaming page
 * profile has none ('No Gaming Profile Found'). Handles that are empty on the page keep their current value.
 */
export function handlesFromPageProfile(
  current: Record<ConsoleHandleKey, string | null>,
  page: Partial<Record<ConsoleHandleKey, string | null>> | null | undefined,
): Record<ConsoleHandleKey, string | null> | null {
  if (!page || !consoleHandleKeys.some((key) => page[key])) return null;
  const next = { ...current };
  for (const key of consoleHandleKeys) {
    const value = page[key];
    if (value) next[key] = value;
  }
  return next;
}

/**
 * The problem with a date earned ('YYYY-MM-DD', optional), or null. `latest` is the last acceptable day:
 * the browser passes its own today; the server passes tomorrow (UTC) so no time zone is refused.
 */
export function dateEarnedProblem(value: string | null | undefined, latest: string): string | null {
  if (!value) return null;
  if (!isCalendarDate(value)) return gamingProfileMessages.dateInvalid;
  return value > latest ? gamingProfileMessages.dateInFuture : null;
}
