import type { PrizePeriod } from './boards';

/** The 30 MLB clubs 'Create Custom Game Entry' offers (docs/product.md#baseball). */
export const mlbClubs = [
  'Arizona Diamondbacks',
  'Athletics',
  'Atlanta Braves',
  'Baltimore Orioles',
  'Boston Red Sox',
  'Chicago Cubs',
  'Chicago White Sox',
  'Cincinnati Reds',
  'Cleveland Guardians',
  'Colorado Rockies',
  'Detroit Tigers',
  'Houston Astros',
  'Kansas City Royals',
  'Los Angeles Angels',
  'Los Angeles Dodgers',
  'Miami Marlins',
  'Milwaukee Brewers',
  'Minnesota Twins',
  'New York Mets',
  'New York Yankees',
  'Philadelphia Phillies',
  'Pittsburgh Pirates',
  'San Diego Padres',
  'San Francisco Giants',
  'Seattle Mariners',
  'St. Louis Cardinals',
  'Tampa Bay Rays',
  'Texas Rangers',
  'Toronto Blue Jays',
  'Washington Nationals',
] as const;
export type MlbClub = (typeof mlbClubs)[number];

/** Baseball boards are scored at the end of the 5th and 9th innings, by runs and by total hits. */
export const baseballPrizes: PrizePeriod[] = [
  { key: 'inning5-runs', label: 'End of the 5th: runs', prizeCents: 2500 },
  { key: 'inning5-hits', label: 'End of the 5th: total hits', prizeCents: 2500 },
  { key: 'inning9-runs', label: 'End of the 9th: runs', prizeCents: 5000 },
  { key: 'inning9-hits', label: 'End of the 9th: total hits', prizeCents: 5000 },
];

/** Baseball game board modal: the game code is the fixture id upper-cased. */
export const fixtureGameCode = (fixtureId: string) => fixtureId.toUpperCase();

export const customEntryMessages = {
  missing: 'Missing Information: Please fill in all fields',
  sameTeams: 'Invalid Selection: Please select different teams',
  amount: 'Enter an amount of at least $1.',
  unknownTeam: 'Choose one of the 30 MLB clubs.',
} as const;

/** Custom game entry rules; returns the first problem's message, or null when the entry is fine. */
export function customEntryProblem(input: {
  team1: string;
  team2: string;
  gameDate: string;
  amountCents: number | null;
}): string | null {
  const { team1, team2, gameDate, amountCents } = input;
  if (!team1.trim() || !team2.trim() || !gameDate.trim() || amountCents === null || Number.isNaN(amountCents)) {
    return customEntryMessages.missing;
  }
  if (team1 === team2) return customEntryMessages.sameTeams;
  if (!(mlbClubs as readonly string[]).includes(team1) || !(mlbClubs as readonly string[]).includes(team2)) {
    return customEntryMessages.unknownTeam;
  }
  if (!Number.isInteger(amountCents) || amountCents < 100) return customEntryMessages.amount;
  return null;
}
