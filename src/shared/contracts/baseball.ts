import { z } from 'zod';
import { singleLine } from './text';

/** Custom baseball game entry. The rules (docs/product.md#baseball) and their messages live in domain/baseball. */
export const createCustomEntrySchema = z.object({
  team1: singleLine('Team 1').max(60),
  team2: singleLine('Team 2').max(60),
  gameDate: singleLine('Game date').max(10),
  amountCents: z
    .number()
    .int('Amounts are in whole cents')
    .max(1_000_000, 'Enter an amount of at most $10,000.')
    .nullable(),
  /** The fan ticked 'I am 18 or older'; required, only `true` passes. */
  ageConfirmed: z.literal(true, { error: 'Confirm that you are old enough to enter' }),
  /** The fan ticked 'I accept the official rules'; required, only `true` passes. */
  rulesAccepted: z.literal(true, { error: 'Accept the official rules to enter' }),
});
export type CreateCustomEntryInput = z.infer<typeof createCustomEntrySchema>;

/** The answers (zod/mini, for the baseball screens): a custom entry and the fan's list of them. */
export { type CustomEntry, customEntriesSchema, customEntrySchema } from './custom-entries';
