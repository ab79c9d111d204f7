import * as z from 'zod/mini';
import { pageProfileKeys } from '../domain/gaming-profile';

/**
 * The gaming page profile as the server answers it (`GET` and `PUT /api/me/gaming-page-profile`): the player
 * name and the console and stream handles, each null while unset. zod/mini, for the gaming screens.
 */
export const gamingPageProfileSchema = z.object({
  playerName: z.nullable(z.string()),
  ...(Object.fromEntries(pageProfileKeys.map((k) => [k, z.nullable(z.string())])) as Record<
    (typeof pageProfileKeys)[number],
    z.ZodMiniNullable<z.ZodMiniString>
  >),
});
export type GamingPageProfile = z.infer<typeof gamingPageProfileSchema>;
export const gamingPageProfileResponseSchema = z.object({ profile: gamingPageProfileSchema });
