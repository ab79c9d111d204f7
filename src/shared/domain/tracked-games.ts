/**
 * Tracked game: title, description and category required (trimmed); status available or
 * coming-soon, switchable either way; an expected release date only while coming soon. Shared by the
 * API contract (zod) and the game manager form, so both say the same thing.
 */

export const trackedGameStatuses = ['available', 'coming-soon'] as const;
export type TrackedGameStatus = (typeof trackedGameStatuses)[number];

export const trackedGameLimits = { title: 80, description: 500, category: 40 } as const;
/** Games one fan may track, so no account grows without bound. */
export const trackedGamesPerFan = 100;
export type TrackedGameField = keyof typeof trackedGameLimits;

const fieldNames: Record<TrackedGameField, string> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
};

export const trackedGameMessages = {
  required: (field: TrackedGameField) => `${fieldNames[field]} is required`,
  tooLong: (field: TrackedGameField) => `${fieldNames[field]} can be at most ${trackedGameLimits[field]} characters`,
  /** 'Missing Information' variant, shown when a required field is empty. */
  missing: { title: 'Missing Information', message: 'Please fill in the title, description and category.' },
  releaseDateInvalid: 'Enter the expected release date as a real date (YYYY-MM-DD)',
  releaseDateOnlyComingSoon: 'An expected release date is only for games that are coming soon',
  notFound: 'We could not find that game in your list.',
  signInRequired: 'Please sign in to track games.',
  listFull: `You can track up to ${trackedGamesPerFan} games. Remove one to add another.`,
} as const;

/** The problems of a new game's text fields, by field (empty when it is fine). Input is trimmed first. */
export function trackedGameProblems(
  input: Record<TrackedGameField, string>,
): Partial<Record<TrackedGameField, string>> {
  const problems: Partial<Record<TrackedGameField, string>> = {};
  for (const field of Object.keys(trackedGameLimits) as TrackedGameField[]) {
    const value = input[field].trim();
    if (value.length === 0) problems[field] = trackedGameMessages.required(field);
    else if (value.length > trackedGameLimits[field]) problems[field] = trackedGameMessages.tooLong(field);
  }
  return problems;
}

/** True for a real calendar date written YYYY-MM-DD (so 2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000 is a leap year: Feb has 29
  if (day > daysInMonth) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return !(month === 2 && day === 29 && !leap);
}

/**
 * Status switch: the game's status and release date after a change. Marking a game available
 * clears its release date; a release date is refused for a game that ends up available (`null` = refused).
 */
export function applyStatusChange(
  current: { status: TrackedGameStatus; releaseDate: string | null },
  change: { status?: TrackedGameStatus; releaseDate?: string | null },
): { status: TrackedGameStatus; releaseDate: string | null } | null {
  const status = change.status ?? current.status;
  if (status === 'available') {
    if (change.releaseDate) return null;
    return { status, releaseDate: null };
  }
  return { status, releaseDate: change.releaseDate === undefined ? current.releaseDate : change.releaseDate };
}
