import type { BaseballFixture, BaseballPage } from '../../../../shared/contracts/pages/baseball';

/** A fixture: its game board has its id as slug, and its page is /<id>-game. */
const fixture = (
  id: string,
  name: string,
  teams: BaseballFixture['teams'],
  time: string,
  venue: string,
): BaseballFixture => ({ id, name, teams, time, venue, path: `/${id}-game`, boardSlug: id });

/** Baseball: All-Star recap, six fixtures (each with its board), four matchups, 30 clubs. */
export const baseballPage: BaseballPage = {
  recap: {
    title: 'All-Star Weekend Recap',
    dates: 'July 13–16, 2024',
    venue: 'Globe Life Field, Arlington, Texas',
    summary:
      'The American League took the Midsummer Classic 5–3 after a three-run fifth inning, and the Home Run Derby went to the final round.',
    results: [
      { event: 'All-Star Game', winner: 'American League', detail: 'AL 5, NL 3' },
      { event: 'All-Star Game MVP', winner: 'Jarren Duran', detail: 'Go-ahead two-run homer in the 5th' },
      { event: 'Home Run Derby', winner: 'Teoscar Hernández', detail: 'Beat Bobby Witt Jr. 14–13 in the final' },
      { event: 'Futures Game', winner: 'National League', detail: 'NL 6, AL 2' },
    ],
  },
  fixtures: [
    fixture(
      'dodgers-giants',
      'Dodgers vs Giants',
      ['Los Angeles Dodgers', 'San Francisco Giants'],
      '7:10 PM PT',
      'Dodger Stadium',
    ),
    fixture(
      'yankees-red-sox',
      'Yankees vs Red Sox',
      ['New York Yankees', 'Boston Red Sox'],
      '7:05 PM ET',
      'Yankee Stadium',
    ),
    fixture('astros-rangers', 'Astros vs Rangers', ['Houston Astros', 'Texas Rangers'], '7:10 PM CT', 'Daikin Park'),
    fixture(
      'phillies-braves',
      'Phillies vs Braves',
      ['Philadelphia Phillies', 'Atlanta Braves'],
      '6:45 PM ET',
      'Citizens Bank Park',
    ),
    fixture('cubs-brewers', 'Cubs vs Brewers', ['Chicago Cubs', 'Milwaukee Brewers'], '1:20 PM CT', 'Wrigley Field'),
    fixture(
      'mariners-diamondbacks',
      'Mariners vs Diamondbacks',
      ['Seattle Mariners', 'Arizona Diamondbacks'],
      '6:40 PM PT',
      'T-Mobile Park',
    ),
  ],
  matchups: [
    {
      slug: 'dodgers-giants',
      title: 'Dodgers vs Giants',
      date: '2025-06-20',
      venue: 'Dodger Stadium',
      teams: ['los-angeles-dodgers', 'san-francisco-giants'],
    },
    {
      slug: 'dodgers-padres',
      title: 'Dodgers vs Padres',
      date: '2025-06-17',
      venue: 'Dodger Stadium',
      teams: ['los-angeles-dodgers', 'san-diego-padres'],
    },
    {
      slug: 'mariners-diamondbacks',
      title: 'Mariners vs Diamondbacks',
      date: '2025-06-21',
      venue: 'T-Mobile Park',
      teams: ['seattle-mariners', 'arizona-diamondbacks'],
    },
    {
      slug: 'reds-guardians',
      title: 'Reds vs Guardians',
      date: '2025-06-22',
      venue: 'Great American Ball Park',
      teams: ['cincinnati-reds', 'cleveland-guardians'],
    },
  ],
  teams: [
    {
      slug: 'los-angeles-dodgers',
      name: 'Los Angeles Dodgers',
      league: 'National League',
      seasonRecord: '98-64',
      stats: { runs: 842, era: '3.90', avg: '.258', hr: 233 },
      accolades: ['2024 World Series champions', 'NL West champions', '8 World Series titles'],
    },
    {
      slug: 'san-francisco-giants',
      name: 'San Francisco Giants',
      league: 'National League',
      seasonRecord: '80-82',
      stats: { runs: 693, era: '3.89', avg: '.242', hr: 161 },
      accolades: ['8 World Series titles', '23 NL pennants'],
    },
    {
      slug: 'san-diego-padres',
      name: 'San Diego Padres',
      league: 'National League',
      seasonRecord: '93-69',
      stats: { runs: 760, era: '3.86', avg: '.263', hr: 190 },
      accolades: ['2024 NL Wild Card', '2 NL pennants'],
    },
    {
      slug: 'seattle-mariners',
      name: 'Seattle Mariners',
      league: 'American League',
      seasonRecord: '85-77',
      stats: { runs: 676, era: '3.49', avg: '.224', hr: 185 },
      accolades: ['Best rotation ERA in the AL, 2024', '3 AL West titles'],
    },
    {
      slug: 'arizona-diamondbacks',
      name: 'Arizona Diamondbacks',
      league: 'National League',
      seasonRecord: '89-73',
      stats: { runs: 886, era: '4.53', avg: '.263', hr: 211 },
      accolades: ['2001 World Series champions', '2023 NL pennant'],
    },
    {
      slug: 'cincinnati-reds',
      name: 'Cincinnati Reds',
      league: 'National League',
      seasonRecord: '77-85',
      stats: { runs: 699, era: '4.14', avg: '.237', hr: 174 },
      accolades: ['5 World Series titles', 'Most stolen bases in the NL, 2024'],
    },
    {
      slug: 'cleveland-guardians',
      name: 'Cleveland Guardians',
      league: 'American League',
      seasonRecord: '92-69',
      stats: { runs: 708, era: '3.61', avg: '.240', hr: 185 },
      accolades: ['2024 AL Central champions', 'Best bullpen ERA in MLB, 2024'],
    },
  ],
  customEntryDefaultDate: '2025-06-20',
  organization: 'FanGrid Baseball Community Fund',
};
