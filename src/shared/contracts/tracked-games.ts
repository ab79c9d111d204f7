import { z } from 'zod';
import {
  isCalendarDate,
  type TrackedGameField,
  trackedGameLimits,
  trackedGameMessages,
  trackedGameStatuses,
} from '../domain/tracked-games';
import { errorCodes } from './error-codes';
import { singleLine } from './text';

export const trackedGameErrorCodes = {
  signInRequired: 'SIGN_IN_REQUIRED',
  notFound: errorCodes.notFound,
  validation: errorCodes.validation,
  limitReached: 'LIMIT_REACHED',
} as const;

const fieldLabels: Record<TrackedGameField, string> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
};
const text = (field: TrackedGameField) =>
  singleLine(fieldLabels[field])
    .min(1, trackedGameMessages.required(field))
    .max(trackedGameLimits[field], trackedGameMessages.tooLong(field));

export const trackedGameStatusSchema = z.enum(trackedGameStatuses);
export const releaseDateSchema = z.string().refine(isCalendarDate, trackedGameMessages.releaseDateInvalid);

/** POST /api/me/tracked-games. A new game is available unless it says coming-soon. */
export const createTrackedGameSchema = z
  .object({
    title: text('title'),
    description: text('description'),
    category: text('category'),
    status: trackedGameStatusSchema.default('available'),
    releaseDate: releaseDateSchema.nullable().optional(),
  })
  .superRefine((game, ctx) => {
    if (game.releaseDate && game.status !== 'coming-soon') {
      ctx.addIssue({ code: 'custom', path: ['releaseDate'], message: trackedGameMessages.releaseDateOnlyComingSoon });
    }
  });
/** What a client sends (status may be left out). */
export type CreateTrackedGameInput = z.input<typeof createTrackedGameSchema>;
/** What the server works with after parsing. */
export type CreateTrackedGame = z.infer<typeof createTrackedGameSchema>;

/** PATCH /api/me/tracked-games/:id: switch status and/or set the expected release date (coming soon only). */
export const updateTrackedGameSchema = z
  .object({
    status: trackedGameStatusSchema.optional(),
    releaseDate: releaseDateSchema.nullable().optional(),
  })
  .refine((change) => change.status !== undefined || change.releaseDate !== undefined, {
    message: 'Send a status or an expected release date',
  });
export type UpdateTrackedGameInput = z.infer<typeof updateTrackedGameSchema>;

export const trackedGameParamsSchema = z.object({ id: singleLine('Id').max(100) });

export const trackedGameSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: trackedGameStatusSchema,
  /** YYYY-MM-DD, only while coming soon. */
  releaseDate: z.string().nullable(),
  /** When the fan added it (ISO timestamp). */
  dateAdded: z.string(),
});
export type TrackedGame = z.infer<typeof trackedGameSchema>;

export const trackedGameListSchema = z.object({ games: z.array(trackedGameSchema) });
export type TrackedGameList = z.infer<typeof trackedGameListSchema>;
export const trackedGameResponseSchema = z.object({ game: trackedGameSchema });
