/**
 * Demo content of the home page, the sports hub and the FAQ (docs/product.md#home-and-navigation).
 * Loaded by an idempotent upsert at start; rows are keyed by slug and ordered by `sort`.
 */
export const marketingStatRows = [
  { slug: 'players', label: 'Active Players', value: '2,847' },
  { slug: 'games', label: 'Live Games', value: '156' },
  { slug: 'prizes', label: 'Prizes Won', value: '$47,230' },
  { slug: 'success', label: 'Success Rate', value: '94%' },
];

export const featuredCategoryRows = [
  {
    slug: 'football',
    title: 'Football',
    description: 'Preseason schedules, weekly matchups and squares boards for every big game.',
    href: '/sports',
    icon: 'football',
  },
  {
    slug: 'basketball',
    title: 'Basketball',
    description: 'NBA, WNBA and Summer League boards scored quarter by quarter.',
    href: '/sports',
    icon: 'basketball',
  },
  {
    slug: 'gaming',
    title: 'Gaming',
    description: 'Esports events, achievement tracking and tips for your favourite streamers.',
    href: '/gaming',
    icon: 'gaming',
  },
];

export const benefitRows = [
  {
    slug: 'lightning-fast',
    title: 'Lightning Fast',
    description: 'Join a board in seconds with your phone number and a nickname. Boards open 1 hour before tip-off.',
    icon: 'zap',
  },
  {
    slug: 'precision-tracking',
    title: 'Precision Tracking',
    description: 'Every cell is drawn fairly and scored from the official box score at each period.',
    icon: 'target',
  },
  {
    slug: 'amazing-rewards',
    title: 'Amazing Rewards',
    description: 'Higher payout ratios than the 1.5x other platforms pay, and every board supports a team or cause.',
    icon: 'trophy',
  },
];

export const hubDestinationRows = [
  {
    slug: 'east-conference',
    title: 'Eastern Conference',
    description: 'Knicks vs Pacers game board: 1v49, two squares per entry.',
    href: '/east-game-board',
    badge: '1v49',
    icon: 'grid',
  },
  {
    slug: 'west-conference',
    title: 'Western Conference',
    description: 'Thunder vs Timberwolves game board: pick $1-$20 and take a square.',
    href: '/game-board',
    badge: '1v99',
    icon: 'grid',
  },
  {
    slug: 'nba-finals',
    title: 'NBA Finals',
    description: 'Series recap, game-by-game results and the boards for games 5, 6 and 7.',
    href: '/nba-finals',
    badge: 'Recap',
    icon: 'trophy',
  },
  {
    slug: 'wnba',
    title: 'WNBA Games',
    description: 'Standings, player search and donation boards for upcoming games.',
    href: '/wnba-games',
    badge: null,
    icon: 'basketball',
  },
  {
    slug: 'baseball',
    title: 'Baseball Season',
    description: 'Fixtures scored at the 5th and 9th innings by runs and total hits.',
    href: '/baseball-games',
    badge: null,
    icon: 'baseball',
  },
  {
    slug: 'partners',
    title: 'Partners',
    description: 'Teams, leagues and causes raising money with FanGrid boards.',
    href: '/partners',
    badge: null,
    icon: 'handshake',
  },
  {
    slug: 'soccer-tournament',
    title: 'Soccer Tournament',
    description: '16 teams, 4 groups, 3 venues: 10-28 July 2025.',
    href: '/soccer-tournament',
    badge: 'New',
    icon: 'soccer',
  },
  {
    slug: 'f1-season',
    title: 'Formula 1',
    description: 'The 2025 season: 24 rounds, driver standings and race odds.',
    href: '/f1-season',
    badge: null,
    icon: 'flag',
  },
];

export const ticketOfferRows = [
  {
    slug: 'summer-general-admission',
    name: 'Summer League General Admission',
    description: 'Any session, open seating.',
    minPriceCents: 2500,
    maxPriceCents: 4500,
  },
  {
    slug: 'summer-premium-seats',
    name: 'Summer League Premium Seats',
    description: 'Lower bowl, reserved.',
    minPriceCents: 6500,
    maxPriceCents: 12500,
  },
  {
    slug: 'summer-championship',
    name: 'Summer League Championship Game',
    description: 'The title game in Las Vegas.',
    minPriceCents: 5000,
    maxPriceCents: 20000,
  },
];

/** An MLB game not started yet: no score, no hits, no inning. */
const notStarted = { awayScore: null, homeScore: null, awayHits: null, homeHits: null, inning: null };

export const mlbWeekendGameRows = [
  {
    slug: 'yankees-red-sox',
    awayTeam: 'Red Sox',
    homeTeam: 'Yankees',
    date: '2025-06-13',
    time: '7:05 PM ET',
    location: 'Yankee Stadium',
    status: 'completed' as const,
    awayScore: 3,
    homeScore: 5,
    awayHits: 7,
    homeHits: 9,
    inning: null,
  },
  {
    slug: 'dodgers-giants',
    awayTeam: 'Giants',
    homeTeam: 'Dodgers',
    date: '2025-06-14',
    time: '4:10 PM PT',
    location: 'Dodger Stadium',
    status: 'live' as const,
    awayScore: 2,
    homeScore: 4,
    awayHits: 5,
    homeHits: 8,
    inning: 'Bottom 6th',
  },
  {
    slug: 'astros-rangers',
    awayTeam: 'Rangers',
    homeTeam: 'Astros',
    date: '2025-06-14',
    time: '7:10 PM CT',
    location: 'Daikin Park',
    status: 'upcoming' as const,
    ...notStarted,
  },
  {
    slug: 'phillies-braves',
    awayTeam: 'Braves',
    homeTeam: 'Phillies',
    date: '2025-06-15',
    time: '1:35 PM ET',
    location: 'Citizens Bank Park',
    status: 'upcoming' as const,
    ...notStarted,
  },
];

export const summerLeagueGameRows = [
  {
    slug: 'sl-spurs-hornets',
    date: '2025-07-11',
    awayTeam: 'Hornets',
    homeTeam: 'Spurs',
    time: '5:00 PM PT',
    venue: 'Thomas & Mack Center',
    isLive: true,
  },
  {
    slug: 'sl-wizards-hawks',
    date: '2025-07-11',
    awayTeam: 'Hawks',
    homeTeam: 'Wizards',
    time: '7:30 PM PT',
    venue: 'Cox Pavilion',
    isLive: false,
  },
  {
    slug: 'sl-blazers-warriors',
    date: '2025-07-12',
    awayTeam: 'Warriors',
    homeTeam: 'Trail Blazers',
    time: '6:00 PM PT',
    venue: 'Thomas & Mack Center',
    isLive: false,
  },
];

export const preseasonGameRows = [
  {
    slug: 'nfl-hof-2025',
    name: 'Hall of Fame Game',
    date: '2025-07-31',
    awayTeam: 'Chargers',
    homeTeam: 'Lions',
    week: 'Hall of Fame Weekend',
    status: 'Scheduled',
  },
  {
    slug: 'nfl-raiders-seahawks-2025',
    name: 'Preseason Week 1',
    date: '2025-08-07',
    awayTeam: 'Raiders',
    homeTeam: 'Seahawks',
    week: 'Preseason Week 1',
    status: 'Scheduled',
  },
];

export const f1RaceRows = [
  {
    slug: 'f1-2025-british',
    race: 'British Grand Prix',
    date: '2025-07-06',
    location: 'Silverstone',
    status: 'next' as const,
  },
  {
    slug: 'f1-2025-belgian',
    race: 'Belgian Grand Prix',
    date: '2025-07-27',
    location: 'Spa-Francorchamps',
    status: 'upcoming' as const,
  },
  {
    slug: 'f1-2025-hungarian',
    race: 'Hungarian Grand Prix',
    date: '2025-08-03',
    location: 'Budapest',
    status: 'upcoming' as const,
  },
];

export const faqRows = [
  {
    slug: 'what-is-fangrid',
    section: 'general' as const,
    question: 'What is FanGrid?',
    answer:
      'FanGrid runs game boards tied to real games: 10x10 squares where every square supports a team or organization. You can also donate, tip streamers and follow sports and gaming content.',
  },
  {
    slug: 'how-boards-work',
    section: 'general' as const,
    question: 'How do game boards work?',
    answer:
      'Boards go out 1 hour before the game starts. Enter your phone number, a nickname of up to 7 characters and a support amount; you get a 3-character code placed on the 10x10 board. Winners are decided by the last digits of the score.',
  },
  {
    slug: 'formats',
    section: 'general' as const,
    question: 'What do 1v99 and 1v49 mean?',
    answer:
      'A 1v99 board takes 100 entries with one square each. A 1v49 board takes 50 entries with two squares each, so every entry has twice the chances.',
  },
  {
    slug: 'payout-ratios',
    section: 'general' as const,
    question: 'How do payouts compare with other platforms?',
    answer:
      'Other platforms pay 1.5x the play amount. FanGrid boards pay higher ratios, published on each board before you join.',
  },
  {
    slug: 'account-needed',
    section: 'general' as const,
    question: 'Do I need an account?',
    answer:
      'No. Anyone can browse and join a board with a phone number and nickname. With an account your entries, profile and trophies follow you to any device.',
  },
  {
    slug: 'nba-finals-pricing',
    section: 'game' as const,
    question: 'NBA Finals pricing',
    answer:
      '1st quarter pays 50, 2nd quarter 100, 3rd quarter 50 and the final score including overtime 150. Games 6 and 7 add a total rebounds draw of 55, based on a 10 raffle.',
  },
  {
    slug: 'baseball-scoring',
    section: 'game' as const,
    question: 'How are baseball boards scored?',
    answer: 'Baseball results are scored at the end of the 5th and 9th innings, by the score and by total hits.',
  },
  {
    slug: 'basketball-scoring',
    section: 'game' as const,
    question: 'How are basketball boards scored?',
    answer:
      'Each quarter is scored by the last digit of each team’s points: the square where the two digits meet wins that period. The final period includes overtime.',
  },
  {
    slug: 'board-payout-ratios',
    section: 'game' as const,
    question: 'What are the payout ratios?',
    answer:
      'Where other platforms pay 1.5x the play amount, FanGrid’s prize tables pay out more per period; each board shows its own prize table.',
  },
];
