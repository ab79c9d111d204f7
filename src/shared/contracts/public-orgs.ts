import * as z from 'zod/mini';

/**
 * `GET /api/public/orgs/:org`: an organization's public page (`/o/<slug>`), in zod/mini (the page parses it).
 * Nothing private: no member, no contact but the one it publishes, no entry.
 */
export const publicOrgBoardSchema = z.object({
  slug: z.string(),
  league: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  startsAt: z.string(),
  /** 'Free', '$1–$20' or 'From $1' (domain/boards `entryPriceShort`). */
  price: z.string(),
  paymentRequired: z.boolean(),
  /** Taking entries now, or opening before its game (an hour before the start, unless opened early). */
  state: z.enum(['open', 'upcoming']),
});

export const publicOrgSchema = z.object({
  organization: z.object({
    slug: z.string(),
    name: z.string(),
    logo: z.nullable(z.string()),
    cause: z.nullable(z.string()),
    contactEmail: z.nullable(z.string()),
    /** Suspended by the platform: the page says so, and the organization takes no entry or gift. */
    suspended: z.boolean(),
  }),
  /** Its boards taking entries now or opening later, soonest game first (at most PUBLIC_ORG_BOARDS_MAX). */
  boards: z.array(publicOrgBoardSchema),
  /**
   * What its boards have raised, in cents: the money that came in (checkout payments and collected cash) less
   * what was refunded or is owed back (the ledger's collected − refunded − to return). Pledges not yet
   * collected and open checkouts are not in it.
   */
  raisedCents: z.int(),
});
export type PublicOrg = z.infer<typeof publicOrgSchema>;

export const PUBLIC_ORG_BOARDS_MAX = 50;
