import { z } from 'zod';
import * as zm from 'zod/mini';

/**
 * The awards of a scored period: the board view's results and the `scored` live event list them. `kind`:
 * 'main' is the cell of the period's score (the only kind awarded so far); 'reverse' and 'score' are kept for
 * the awards to come. `cell` is the awarded cell (0–99), `code` its holder's public board code, or null when
 * the cell is empty (its prize rolls on), and `prizeCents` the prize it carried.
 */
export const awardKinds = ['main', 'reverse', 'score'] as const;
export type AwardKind = (typeof awardKinds)[number];

/** One award, in zod (server responses and the OpenAPI document). */
export const awardSchema = /* @__PURE__ */ z.object({
  kind: z.enum(awardKinds),
  cell: z.number().int().min(0).max(99),
  code: z.string().max(40).nullable(),
  prizeCents: z.number().int(),
});
export type Award = z.infer<typeof awardSchema>;

/** The same award in zod/mini, for what the board screens parse (live events). */
export const awardMiniSchema = /* @__PURE__ */ zm.object({
  kind: zm.enum(awardKinds),
  cell: zm.int().check(zm.minimum(0), zm.maximum(99)),
  code: zm.nullable(zm.string().check(zm.maxLength(40))),
  prizeCents: zm.int(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<T extends true> = T;
/** Fails to compile when the two schemas drift apart. */
export type AwardSchemasAgree = Agrees<Same<zm.infer<typeof awardMiniSchema>, Award>>;
