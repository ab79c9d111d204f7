import type { WnbaGame, WnbaPage, WnbaStanding } from '../../../../shared/contracts/pages/wnba';

type Row = [string, WnbaStanding['conf'], number, number, string, string, string, string, string, string];

// Final 2025 regular season (13 teams, 44 games each): team, conference, W, L, pct, GB, home, away, L10, streak.
// Home wins across the league equal away losses (160) and home losses equal away wins (126).
const rows: Row[] = [
  ['Minnesota Lynx', 'Western', 34, 10, '.773', '—', '19-3', '15-7', '8-2', 'W3'],
  ['Las Vegas Aces', 'Western', 30, 14, '.682', '4.0', '17-5', '13-9', '10-0', 'W16'],
  ['Atlanta Dream', 'Eastern', 30, 14, '.682', '4.0', '16-6', '14-8', '8-2', 'W6'],
  ['Phoenix Mercury', 'Western', 27, 17, '.614', '7.0', '15-7', '12-10', '6-4', 'L1'],
  ['New York Liberty', 'Eastern', 27, 17, '.614', '7.0', '16-6', '11-11', '6-4', 'W2'],
  ['Indiana Fever', 'Eastern', 24, 20, '.545', '10.0', '13-9', '11-11', '5-5', 'W1'],
  ['Seattle Storm', 'Western', 23, 21, '.523', '11.0', '11-11', '12-10', '4-6', 'W1'],
  ['Golden State Valkyries', 'Western', 23, 21, '.523', '11.0', '14-8', '9-13', '5-5', 'L2'],
  ['Los Angeles Sparks', 'Western', 21, 23, '.477', '13.0', '12-10', '9-13', '5-5', 'L2'],
  ['Washington Mystics', 'Eastern', 16, 28, '.364', '18.0', '9-13', '7-15', '2-8', 'L5'],
  ['Connecticut Sun', 'Eastern', 11, 33, '.250', '23.0', '6-16', '5-17', '4-6', 'L2'],
  ['Chicago Sky', 'Eastern', 10, 34, '.227', '24.0', '6-16', '4-18', '1-9', 'L3'],
  ['Dallas Wings', 'Western', 10, 34, '.227', '24.0', '6-16', '4-18', '1-9', 'L7'],
];

/**
 * Game `n` of the 2025 Finals, `teams` as [visitor, home]: games 1-4 are open for a game board; games 5-7
 * are played only if necessary and stay scheduled until then.
 */
const finalsGame = (n: number, date: string, teams: WnbaGame['teams'], time: string): WnbaGame => {
  const ifNecessary = n >= 5;
  return {
    id: `finals-2025-game-${n}`,
    date,
    teams,
    time,
    status: ifNecessary ? 'Scheduled' : 'Available for Game Board',
    round: `WNBA Finals · Game ${n}${ifNecessary ? ' (if necessary)' : ''}`,
  };
};

/** WNBA: 2025 standings, the Finals slate, league leaders, All-Star weekend and the Commissioner's Cup. */
export const wnbaPage: WnbaPage = {
  season: 2025,
  standings: rows.map(([team, conf, wins, losses, pct, gb, home, away, l10, strk], i) => ({
    rank: i + 1,
    team,
    wins,
    losses,
    pct,
    gb,
    conf,
    home,
    away,
    l10,
    strk,
  })),
  // The best-of-seven Finals, 2-2-1-1-1: Games 1, 2, 5 and 7 in Las Vegas; Games 5-7 only if necessary.
  games: [
    finalsGame(1, '2025-10-03', ['Phoenix Mercury', 'Las Vegas Aces'], '9:30 PM ET'),
    finalsGame(2, '2025-10-05', ['Phoenix Mercury', 'Las Vegas Aces'], '3:00 PM ET'),
    finalsGame(3, '2025-10-08', ['Las Vegas Aces', 'Phoenix Mercury'], '9:30 PM ET'),
    finalsGame(4, '2025-10-10', ['Las Vegas Aces', 'Phoenix Mercury'], '9:00 PM ET'),
    finalsGame(5, '2025-10-13', ['Phoenix Mercury', 'Las Vegas Aces'], '9:00 PM ET'),
    finalsGame(6, '2025-10-15', ['Las Vegas Aces', 'Phoenix Mercury'], '9:00 PM ET'),
    finalsGame(7, '2025-10-17', ['Phoenix Mercury', 'Las Vegas Aces'], '9:00 PM ET'),
  ],
  playerLeaders: [
    { name: "A'ja Wilson", team: 'Las Vegas Aces', stat: 'Points per game', value: 23.4, conference: 'Western' },
    { name: 'Napheesa Collier', team: 'Minnesota Lynx', stat: 'Points per game', value: 22.9, conference: 'Western' },
    { name: 'Kelsey Mitchell', team: 'Indiana Fever', stat: 'Points per game', value: 20.2, conference: 'Eastern' },
    { name: 'Paige Bueckers', team: 'Dallas Wings', stat: 'Points per game', value: 19.2, conference: 'Western' },
    { name: 'Angel Reese', team: 'Chicago Sky', stat: 'Rebounds per game', value: 12.6, conference: 'Eastern' },
    { name: "A'ja Wilson", team: 'Las Vegas Aces', stat: 'Rebounds per game', value: 10.2, conference: 'Western' },
    { name: 'Alyssa Thomas', team: 'Phoenix Mercury', stat: 'Assists per game', value: 9.2, conference: 'Western' },
    { name: 'Caitlin Clark', team: 'Indiana Fever', stat: 'Assists per game', value: 8.8, conference: 'Eastern' },
    { name: 'Gabby Williams', team: 'Seattle Storm', stat: 'Steals per game', value: 2.2, conference: 'Western' },
    { name: "A'ja Wilson", team: 'Las Vegas Aces', stat: 'Blocks per game', value: 2.3, conference: 'Western' },
    { name: 'Allisha Gray', team: 'Atlanta Dream', stat: 'Points per game', value: 18.4, conference: 'Eastern' },
    { name: 'Sabrina Ionescu', team: 'New York Liberty', stat: 'Points per game', value: 18.2, conference: 'Eastern' },
  ],
  allStar: {
    game: {
      id: 'all-star-2025',
      date: '2025-07-19',
      stage: 'All-Star Game',
      winner: 'Team Collier',
      winnerScore: 151,
      loser: 'Team Clark',
      loserScore: 131,
      venue: 'Gainbridge Fieldhouse, Indianapolis',
      note: 'The most points by one team in All-Star Game history.',
    },
    awards: [
      { event: 'All-Star Game MVP', winner: 'Napheesa Collier', detail: '36 points, an All-Star Game record' },
      { event: 'First All-Star triple-double', winner: 'Skylar Diggins', detail: '11 points, 11 rebounds, 15 assists' },
      { event: 'Three-Point Contest', winner: 'Sabrina Ionescu', detail: 'Her second title in three years' },
      { event: 'Skills Challenge', winner: 'Natasha Cloud', detail: 'New York Liberty' },
    ],
  },
  commissionersCup: {
    championship: {
      id: 'cup-final-2025',
      date: '2025-07-01',
      stage: "Commissioner's Cup Championship",
      winner: 'Indiana Fever',
      winnerScore: 74,
      loser: 'Minnesota Lynx',
      loserScore: 59,
      venue: 'Target Center, Minneapolis',
      note: "The Fever's first Commissioner's Cup, won on the road after an 18-0 run to close the first half.",
      mvp: 'Natasha Howard',
      mvpLine: '16 points, 12 rebounds, 4 assists',
    },
    results: [
      {
        id: 'cup-2025-lynx-aces',
        date: '2025-06-17',
        stage: 'Western Conference Cup play',
        winner: 'Minnesota Lynx',
        winnerScore: 76,
        loser: 'Las Vegas Aces',
        loserScore: 62,
        venue: 'Target Center, Minneapolis',
        note: 'The Lynx finish Cup play 5-1 and host the final.',
      },
      {
        id: 'cup-2025-fever-sun',
        date: '2025-06-17',
        stage: 'Eastern Conference Cup play',
        winner: 'Indiana Fever',
        winnerScore: 88,
        loser: 'Connecticut Sun',
        loserScore: 71,
        venue: 'Gainbridge Fieldhouse, Indianapolis',
        note: 'The Fever finish Cup play 4-1 and reach the final.',
      },
      {
        id: 'cup-2025-fever-liberty',
        date: '2025-06-14',
        stage: 'Eastern Conference Cup play',
        winner: 'Indiana Fever',
        winnerScore: 102,
        loser: 'New York Liberty',
        loserScore: 88,
        venue: 'Gainbridge Fieldhouse, Indianapolis',
        note: 'The head-to-head win that broke the 4-1 tie with the Liberty.',
      },
    ],
  },
};
