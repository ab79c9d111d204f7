import { z } from 'zod';

/** Internal app path (starts with a single slash). Content may only link inside FanGrid. */
const appPath = z.string().regex(/^\/(?!\/)[\w\-/]*$/);
const cents = z.number().int().nonnegative();

export const marketingStatSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
});

export const featuredCategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  href: appPath,
  icon: z.string(),
});

export const benefitSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
});

export const homeContentSchema = z.object({
  stats: z.array(marketingStatSchema),
  categories: z.array(featuredCategorySchema),
  benefits: z.array(benefitSchema),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

export const hubDestinationSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  href: appPath,
  badge: z.string().nullable(),
  icon: z.string(),
});
export type HubDestination = z.infer<typeof hubDestinationSchema>;

export const ticketOfferSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  minPriceCents: cents,
  maxPriceCents: cents,
});
export type TicketOffer = z.infer<typeof ticketOfferSchema>;

export const mlbGameStatusSchema = z.enum(['upcoming', 'live', 'completed']);
export const mlbWeekendGameSchema = z.object({
  slug: z.string(),
  awayTeam: z.string(),
  homeTeam: z.string(),
  date: z.string(),
  time: z.string(),
  location: z.string(),
  status: mlbGameStatusSchema,
  awayScore: z.number().int().nullable(),
  homeScore: z.number().int().nullable(),
  awayHits: z.number().int().nullable(),
  homeHits: z.number().int().nullable(),
  inning: z.string().nullable(),
});
export type MlbWeekendGame = z.infer<typeof mlbWeekendGameSchema>;

export const summerLeagueGameSchema = z.object({
  slug: z.string(),
  date: z.string(),
  teams: z.tuple([z.string(), z.string()]),
  time: z.string(),
  venue: z.string(),
  isLive: z.boolean(),
});
export type SummerLeagueGame = z.infer<typeof summerLeagueGameSchema>;

export const f1RaceSchema = z.object({
  slug: z.string(),
  race: z.string(),
  date: z.string(),
  location: z.string(),
  status: z.enum(['next', 'upcoming']),
});
export type F1Race = z.infer<typeof f1RaceSchema>;

export const sportsHubContentSchema = z.object({
  destinations: z.array(hubDestinationSchema),
  ticketOffers: z.array(ticketOfferSchema),
  mlbWeekend: z.array(mlbWeekendGameSchema),
  summerLeague: z.array(summerLeagueGameSchema),
  f1Races: z.array(f1RaceSchema),
});
export type SportsHubContent = z.infer<typeof sportsHubContentSchema>;

export const faqSectionSchema = z.enum(['general', 'game']);
export const faqItemSchema = z.object({
  slug: z.string(),
  section: faqSectionSchema,
  question: z.string(),
  answer: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqContentSchema = z.object({
  general: z.array(faqItemSchema),
  game: z.array(faqItemSchema),
});
export type FaqContent = z.infer<typeof faqContentSchema>;
