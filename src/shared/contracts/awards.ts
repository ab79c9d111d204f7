import * as z from 'zod/mini';

/**
 * The awards of a scored period: the board view's results and the `scored` live event list them. `kind`:
 * 'main' is the cell of the period's score (the only kind awarded so far); 'reverse' and 'score' are kept for
 * the awards to come. `cell` is the awarded cell (0–99), `code` its holder's public board code, or null when
 * the cell is empty (its prize rolls on), and `prizeCents` the prize it carried.
 */
export const awardKinds = ['main', 'reverse', 'score'] as const;
export type AwardKind = (typeof awardKinds)[number];

/**
 * One award. Declared once, in zod/mini, so the board screens' bundle (which parses live events) stays free of
 * classic zod; the server's zod schemas (contracts/boards.ts) embed this same schema, and the OpenAPI document
 * describes it from there.
 */
export const awardSchema = z.object({
  kind: z.enum(awardKinds),
  cell: z.int().check(z.minimum(0), z.maximum(99)),
  code: z.nullable(z.string().check(z.maxLength(40))),
  prizeCents: z.int(),
});
export type Award = z.infer<typeof awardSchema>;
