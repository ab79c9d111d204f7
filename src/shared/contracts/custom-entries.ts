import * as z from 'zod/mini';

/** A custom baseball game entry as the server answers it (`POST` and `GET /api/baseball/custom-entries`). */
export const customEntrySchema = z.object({
  id: z.string(),
  team1: z.string(),
  team2: z.string(),
  gameDate: z.string(),
  amountCents: z.int(),
  createdAt: z.string(),
});
export type CustomEntry = z.infer<typeof customEntrySchema>;

export const customEntriesSchema = z.object({ entries: z.array(customEntrySchema) });
