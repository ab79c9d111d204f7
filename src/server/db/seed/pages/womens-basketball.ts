import type { LeagueTeam, WomensBasketballPage } from '../../../../shared/contracts/pages/womens-basketball';

const team = (name: string, record: string, conference: LeagueTeam['conference']): LeagueTeam => ({
  name,
  record,
  conference,
});

/** Women's basketball view: the twelve-team 2024 WNBA season, its Finals and the last three games. */
export const womensBasketballPage: WomensBasketballPage = {
  season: '2024 WNBA season',
  // Final regular season, 40 games each, best record first.
  teams: [
    team('New York Liberty', '32-8', 'Eastern'),
    team('Minnesota Lynx', '30-10', 'Western'),
    team('Connecticut Sun', '28-12', 'Eastern'),
    team('Las Vegas Aces', '27-13', 'Western'),
    team('Seattle Storm', '25-15', 'Western'),
    team('Indiana Fever', '20-20', 'Eastern'),
    team('Phoenix Mercury', '19-21', 'Western'),
    team('Atlanta Dream', '15-25', 'Eastern'),
    team('Washington Mystics', '14-26', 'Eastern'),
    team('Chicago Sky', '13-27', 'Eastern'),
    team('Dallas Wings', '9-31', 'Western'),
    team('Los Angeles Sparks', '8-32', 'Western'),
  ],
  championship: {
    champion: 'New York Liberty',
    championScore: 67,
    runnerUp: 'Minnesota Lynx',
    runnerUpScore: 62,
    championshipDate: '2024-10-20',
    venue: 'Barclays Center, Brooklyn, New York',
    mvp: 'Jonquel Jones',
    mvpStats: '17 points in the Game 5 overtime win; 17.6 points, 7.8 rebounds and 2.2 assists a game in the Finals',
  },
  recentResults: [
    {
      date: '2024-10-20',
      matchup: 'Minnesota Lynx at New York Liberty · Finals Game 5',
      result: 'Liberty 67, Lynx 62 (OT)',
      status: 'completed',
    },
    {
      date: '2024-10-18',
      matchup: 'New York Liberty at Minnesota Lynx · Finals Game 4',
      result: 'Lynx 82, Liberty 80',
      status: 'completed',
    },
    {
      date: '2024-10-16',
      matchup: 'New York Liberty at Minnesota Lynx · Finals Game 3',
      result: 'Liberty 80, Lynx 77',
      status: 'completed',
    },
  ],
};
