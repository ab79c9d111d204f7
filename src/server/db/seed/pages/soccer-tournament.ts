import type {
  SoccerMatch,
  SoccerTeam,
  SoccerTournamentPage,
} from '../../../../shared/contracts/pages/soccer-tournament';
import { groupTeams, soccerGroups } from '../../../../shared/domain/soccer';

const teams: SoccerTeam[] = [
  { name: 'Argentina', flag: '🇦🇷', group: 'A', ranking: 1 },
  { name: 'Portugal', flag: '🇵🇹', group: 'A', ranking: 6 },
  { name: 'Italy', flag: '🇮🇹', group: 'A', ranking: 12 },
  { name: 'United States', flag: '🇺🇸', group: 'A', ranking: 15 },
  { name: 'Spain', flag: '🇪🇸', group: 'B', ranking: 2 },
  { name: 'Netherlands', flag: '🇳🇱', group: 'B', ranking: 7 },
  { name: 'Morocco', flag: '🇲🇦', group: 'B', ranking: 11 },
  { name: 'Uruguay', flag: '🇺🇾', group: 'B', ranking: 14 },
  { name: 'France', flag: '🇫🇷', group: 'C', ranking: 3 },
  { name: 'Brazil', flag: '🇧🇷', group: 'C', ranking: 5 },
  { name: 'Croatia', flag: '🇭🇷', group: 'C', ranking: 10 },
  { name: 'Mexico', flag: '🇲🇽', group: 'C', ranking: 16 },
  { name: 'England', flag: '🏴󠁧󠁢󠁥󠁮󠁧󠁿', group: 'D', ranking: 4 },
  { name: 'Belgium', flag: '🇧🇪', group: 'D', ranking: 8 },
  { name: 'Germany', flag: '🇩🇪', group: 'D', ranking: 9 },
  { name: 'Colombia', flag: '🇨🇴', group: 'D', ranking: 13 },
];
const grouped = groupTeams(teams);

/**
 * A group's single round robin as [matchday, home, away], the teams by their ranking within the group
 * (0 is the best): 1 v 4 and 2 v 3, then 1 v 3 and 4 v 2, then 1 v 2 and 3 v 4. Kick-offs are still TBA.
 */
const roundRobinOrder = [
  [1, 0, 3],
  [1, 1, 2],
  [2, 0, 2],
  [2, 3, 1],
  [3, 0, 1],
  [3, 2, 3],
] as const;

const roundRobin = (group: readonly SoccerTeam[]): SoccerMatch[] => {
  const name = (i: number) => {
    const team = group[i];
    if (!team) throw new Error(`seed: a soccer group has no team ${i + 1}`);
    return team.name;
  };
  return roundRobinOrder.map(([matchday, home, away]) => ({
    matchday,
    home: name(home),
    away: name(away),
    kickoff: 'TBA',
  }));
};

/**
 * Soccer tournament: 16 national teams drawn into groups A-D of 4, three venues, 19 days from
 * 10 to 28 July 2025. Every group plays a single round robin (six matches, kick-offs still TBA); the
 * top two of each group go through to the quarter-finals.
 */
export const soccerTournamentPage: SoccerTournamentPage = {
  name: 'International Summer Cup 2025',
  summary:
    'Sixteen of the world’s best national teams, four groups, three stadiums and nineteen days of football. The top two in each group reach the knockout rounds.',
  startDate: '2025-07-10',
  endDate: '2025-07-28',
  teams,
  venues: [
    {
      name: 'MetLife Stadium',
      location: 'East Rutherford, New Jersey',
      capacity: 82500,
      description:
        'The largest of the three grounds, just outside New York City. Hosts group matches and the final on 28 July.',
    },
    {
      name: 'AT&T Stadium',
      location: 'Arlington, Texas',
      capacity: 80000,
      description:
        'A retractable roof and climate control for afternoon kick-offs. Hosts group matches, two quarter-finals and a semi-final.',
    },
    {
      name: 'SoFi Stadium',
      location: 'Inglewood, California',
      capacity: 70240,
      description:
        'An indoor-outdoor stadium under a translucent canopy. Hosts group matches, two quarter-finals and a semi-final.',
    },
  ],
  groups: soccerGroups.map((group) => ({ group, matches: roundRobin(grouped[group]) })),
  knockout: [
    {
      stage: 'Quarter-finals',
      matches: 4,
      dates: '21–22 July 2025',
      description: 'Group winners meet runners-up: A1 v B2, B1 v A2, C1 v D2 and D1 v C2.',
    },
    {
      stage: 'Semi-finals',
      matches: 2,
      dates: '25 July 2025',
      description: 'Winner A1/B2 v winner C1/D2, and winner B1/A2 v winner D1/C2. Extra time and penalties if level.',
    },
    {
      stage: 'Final',
      matches: 1,
      dates: '28 July 2025',
      description: 'The two semi-final winners meet at MetLife Stadium for the trophy.',
    },
  ],
};
