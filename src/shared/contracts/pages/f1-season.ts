import { z } from 'zod';
import { f1SeasonDrivers, f1SeasonRounds, f1SeasonYear, isAmericanOdds } from '../../domain/f1';
import { flagEmoji, isoDate } from './common';

const driverName = z.string().trim().min(1);

const roundFields = {
  round: z.number().int().min(1).max(f1SeasonRounds),
  race: z.string().min(1),
  date: isoDate,
  circuit: z.string().min(1),
  flag: flagEmoji,
};

/** F1 race, completed: its winner and podium (first, second, third). */
export const f1CompletedRoundSchema = z.object({
  ...roundFields,
  completed: z.literal(true),
  winner: driverName,
  podium: z.tuple([driverName, driverName, driverName]),
});

/** F1 race, upcoming: betting odds by driver (American odds, e.g. +250 or -150). */
export const f1UpcomingRoundSchema = z.object({
  ...roundFields,
  completed: z.literal(false),
  odds: z
    .array(
      z.object({
        driver: driverName,
        odds: z.number().refine(isAmericanOdds, 'American odds are whole numbers of at least +100 or at most -100'),
      }),
    )
    .min(1),
});

export const f1RoundSchema = z.discriminatedUnion('completed', [f1CompletedRoundSchema, f1UpcomingRoundSchema]);
export type F1Round = z.infer<typeof f1RoundSchema>;
export type F1CompletedRound = z.infer<typeof f1CompletedRoundSchema>;
export type F1UpcomingRound = z.infer<typeof f1UpcomingRoundSchema>;

/** F1 driver: position, name, team, points, wins, podiums, flag. */
export const f1DriverSchema = z.object({
  position: z.number().int().min(1).max(f1SeasonDrivers),
  name: driverName,
  team: z.string().min(1),
  points: z.number().nonnegative(),
  wins: z.number().int().nonnegative(),
  podiums: z.number().int().nonnegative(),
  flag: flagEmoji,
});
export type F1Driver = z.infer<typeof f1DriverSchema>;

/** Constructor: name, points, flag. */
export const f1ConstructorSchema = z.object({
  name: z.string().min(1),
  points: z.number().nonnegative(),
  flag: flagEmoji,
});
export type F1Constructor = z.infer<typeof f1ConstructorSchema>;

/**
 * The F1 season page (docs/product.md#f1-and-soccer): 24 rounds of the 2025 season and the standings of its 21 drivers.
 * Which rounds are completed is content; the checks below keep the document consistent with itself.
 */
export const f1SeasonPageSchema = z
  .object({
    season: z.literal(f1SeasonYear),
    title: z.string().min(1),
    summary: z.string().min(1),
    rounds: z.array(f1RoundSchema).length(f1SeasonRounds),
    drivers: z.array(f1DriverSchema).length(f1SeasonDrivers),
    constructors: z.array(f1ConstructorSchema).min(1),
  })
  .superRefine((page, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    const drivers = new Set(page.drivers.map((d) => d.name));
    const teams = new Set(page.constructors.map((c) => c.name));

    page.rounds.forEach((r, i) => {
      if (r.round !== i + 1) issue(`Rounds are listed in order: expected round ${i + 1}`, ['rounds', i, 'round']);
      if (!r.date.startsWith(`${page.season}-`)) issue('The race is not in this season', ['rounds', i, 'date']);
      const prev = page.rounds[i - 1];
      if (prev && prev.date >= r.date) issue('Race dates go forward round by round', ['rounds', i, 'date']);
      if (prev && !prev.completed && r.completed) {
        issue('A completed round cannot follow an upcoming one', ['rounds', i, 'completed']);
      }
      if (r.completed) {
        if (r.podium[0] !== r.winner) issue('The winner tops the podium', ['rounds', i, 'podium']);
        if (new Set(r.podium).size !== 3) issue('Three different drivers on the podium', ['rounds', i, 'podium']);
        r.podium.forEach((d, p) => {
          if (!drivers.has(d)) issue(`Unknown driver ${d}`, ['rounds', i, 'podium', p]);
        });
      } else {
        r.odds.forEach((o, j) => {
          if (!drivers.has(o.driver)) issue(`Unknown driver ${o.driver}`, ['rounds', i, 'odds', j, 'driver']);
        });
        if (new Set(r.odds.map((o) => o.driver)).size !== r.odds.length) {
          issue('One price per driver', ['rounds', i, 'odds']);
        }
      }
    });

    page.drivers.forEach((d, i) => {
      if (d.position !== i + 1) issue(`Standings are listed in order: expected ${i + 1}`, ['drivers', i, 'position']);
      const prev = page.drivers[i - 1];
      if (prev && prev.points < d.points) issue('Points never rise down the standings', ['drivers', i, 'points']);
      if (d.podiums < d.wins) issue('Every win is a podium', ['drivers', i, 'podiums']);
      if (!teams.has(d.team)) issue(`Unknown constructor ${d.team}`, ['drivers', i, 'team']);
    });
    if (drivers.size !== page.drivers.length) issue('Driver names are unique', ['drivers']);

    page.constructors.forEach((c, i) => {
      const prev = page.constructors[i - 1];
      if (prev && prev.points < c.points) issue('Points never rise down the standings', ['constructors', i, 'points']);
    });
    if (teams.size !== page.constructors.length) issue('Constructor names are unique', ['constructors']);
  });
export type F1SeasonPage = z.infer<typeof f1SeasonPageSchema>;
