import type { FinalsGame, NbaFinalsPage } from '../../../../shared/contracts/pages/nba-finals';

const okc = { venue: 'Paycom Center', city: 'Oklahoma City, OK' };
const ind = { venue: 'Gainbridge Fieldhouse', city: 'Indianapolis, IN' };

/** A game's points, the visiting team first. */
const score = (visitor: string, visitorPoints: number, home: string, homePoints: number): FinalsGame['score'] => [
  { team: visitor, points: visitorPoints },
  { team: home, points: homePoints },
];

/**
 * NBA Finals and Finals player: the Indiana Pacers beat the Oklahoma City Thunder 4-3 in seven
 * games (2025-06-05 … 06-22); previews for games 1-5, boards for games 5-7.
 */
export const nbaFinalsPage: NbaFinalsPage = {
  series: {
    title: 'NBA Finals 2025',
    champion: 'pacers',
    runnerUp: 'thunder',
    headline: 'Indiana Pacers are NBA champions!',
    summary:
      'Indiana won Game 7 in Oklahoma City to take the series 4-3 over the Oklahoma City Thunder and bring the franchise its first NBA title.',
  },
  teams: [
    {
      id: 'thunder',
      name: 'Oklahoma City Thunder',
      abbreviation: 'OKC',
      conference: 'Western',
      seasonRecord: '68-14',
      playoffRecord: '15-8',
      seasonAverages: {
        points: 120.5,
        rebounds: 44.1,
        assists: 26.2,
        fieldGoalPct: 48.0,
        threePointPct: 36.2,
        opponentPoints: 107.6,
      },
      playoffAverages: {
        points: 113.4,
        rebounds: 42.8,
        assists: 22.1,
        fieldGoalPct: 46.4,
        threePointPct: 34.5,
        opponentPoints: 104.9,
      },
      accolades: [
        'Best record in the NBA (68-14)',
        'Shai Gilgeous-Alexander: 2024-25 MVP and scoring champion',
        'Western Conference champions',
        "League's best defensive rating",
      ],
    },
    {
      id: 'pacers',
      name: 'Indiana Pacers',
      abbreviation: 'IND',
      conference: 'Eastern',
      seasonRecord: '50-32',
      playoffRecord: '16-7',
      seasonAverages: {
        points: 117.4,
        rebounds: 41.9,
        assists: 29.1,
        fieldGoalPct: 49.0,
        threePointPct: 36.4,
        opponentPoints: 115.1,
      },
      playoffAverages: {
        points: 115.5,
        rebounds: 41.2,
        assists: 27.3,
        fieldGoalPct: 48.7,
        threePointPct: 38.1,
        opponentPoints: 111.8,
      },
      accolades: [
        'Eastern Conference champions',
        'Pascal Siakam: Eastern Conference Finals MVP',
        'Tyrese Haliburton: All-NBA Third Team',
        'First Finals appearance since 2000',
      ],
    },
  ],
  parade: {
    title: 'Championship Parade',
    description: "Video of the Pacers' championship parade through downtown Indianapolis will be posted here.",
  },
  recap: {
    summary:
      'Indiana stole Game 1 on a last-second jumper, traded wins with Oklahoma City through six games and closed out the series on the road, holding the Thunder to 98 points in Game 7.',
    mvp: {
      player: 'Pascal Siakam',
      team: 'pacers',
      statLine: '19.6 points, 7.4 rebounds, 3.9 assists and 1.7 steals a game on 49.5% shooting',
    },
    playerStats: [
      { player: 'Pascal Siakam', team: 'pacers', points: 19.6, rebounds: 7.4, assists: 3.9, fieldGoalPct: 49.5 },
      { player: 'Tyrese Haliburton', team: 'pacers', points: 15.6, rebounds: 5.1, assists: 7.9, fieldGoalPct: 44.3 },
      { player: 'Bennedict Mathurin', team: 'pacers', points: 12.4, rebounds: 5.9, assists: 1.4, fieldGoalPct: 47.1 },
      { player: 'Myles Turner', team: 'pacers', points: 11.3, rebounds: 6.1, assists: 1.1, fieldGoalPct: 43.8 },
      {
        player: 'Shai Gilgeous-Alexander',
        team: 'thunder',
        points: 30.3,
        rebounds: 4.6,
        assists: 5.6,
        fieldGoalPct: 44.6,
      },
      { player: 'Jalen Williams', team: 'thunder', points: 21.4, rebounds: 5.6, assists: 4.4, fieldGoalPct: 47.5 },
      { player: 'Chet Holmgren', team: 'thunder', points: 13.4, rebounds: 7.4, assists: 1.3, fieldGoalPct: 43.0 },
      { player: 'Luguentz Dort', team: 'thunder', points: 7.1, rebounds: 4.3, assists: 1.0, fieldGoalPct: 40.9 },
    ],
  },
  games: [
    {
      number: 1,
      date: '2025-06-05',
      time: '8:30 PM ET',
      ...okc,
      score: score('pacers', 111, 'thunder', 110),
      totalRebounds: 86,
      preview: {
        storyline:
          'Oklahoma City opens at home after the best regular season in the league; Indiana arrives from a six-game Eastern Conference Finals win over the Knicks.',
      },
    },
    {
      number: 2,
      date: '2025-06-08',
      time: '8:00 PM ET',
      ...okc,
      score: score('pacers', 107, 'thunder', 123),
      totalRebounds: 91,
      preview: {
        storyline:
          "After Tyrese Haliburton's last-second winner in Game 1, the Thunder need a home win before the series moves to Indianapolis.",
      },
    },
    {
      number: 3,
      date: '2025-06-11',
      time: '8:30 PM ET',
      ...ind,
      score: score('thunder', 107, 'pacers', 116),
      totalRebounds: 84,
      preview: {
        storyline:
          'Series tied 1-1. The Finals come to Gainbridge Fieldhouse for the first time since 2000, in front of a home crowd that has carried the Pacers all postseason.',
      },
    },
    {
      number: 4,
      date: '2025-06-13',
      time: '8:30 PM ET',
      ...ind,
      score: score('thunder', 111, 'pacers', 104),
      totalRebounds: 88,
      preview: {
        storyline: 'Indiana leads 2-1 and can put Oklahoma City one loss from elimination with another home win.',
      },
    },
    {
      number: 5,
      date: '2025-06-16',
      time: '8:30 PM ET',
      ...okc,
      score: score('pacers', 109, 'thunder', 120),
      totalRebounds: 82,
      boardPath: '/finals-game-5',
      preview: {
        storyline:
          'Tied 2-2 and back in Oklahoma City. The Game 5 winner of a 2-2 Finals has usually gone on to lift the trophy.',
      },
    },
    {
      number: 6,
      date: '2025-06-19',
      time: '8:30 PM ET',
      ...ind,
      score: score('thunder', 91, 'pacers', 108),
      totalRebounds: 95,
      boardPath: '/finals-game-6',
    },
    {
      number: 7,
      date: '2025-06-22',
      time: '8:00 PM ET',
      ...okc,
      score: score('pacers', 103, 'thunder', 98),
      totalRebounds: 89,
      boardPath: '/finals-game-7',
    },
  ],
  analysis: {
    title: 'Series Analysis',
    paragraphs: [
      "Oklahoma City's length and league-best defense against Indiana's pace and ball movement: the Thunder forced turnovers all season, while the Pacers led the playoffs in assists and rarely stopped running.",
      "Both teams go ten deep. Bench minutes and late-game execution decided most of their playoff series, and several of the Pacers' postseason wins came from behind in the fourth quarter.",
    ],
    keys: [
      {
        title: 'Containing Shai',
        body: 'Gilgeous-Alexander averaged more than 30 points in the playoffs; Indiana will send Andrew Nembhard and Aaron Nesmith at him in turn.',
      },
      {
        title: 'Turnovers',
        body: 'The Thunder scored the most points off turnovers in the league. Haliburton taking care of the ball keeps Indiana in the game.',
      },
      {
        title: 'Pace',
        body: 'Indiana wants the game in transition; Oklahoma City wants it in the half court, where Holmgren and Hartenstein protect the rim.',
      },
    ],
  },
  sponsored: {
    sponsor: 'FanGrid Partners',
    title: 'Put your organization on the Finals boards',
    body: 'Schools, clubs and community groups raise money on every FanGrid game board. Partner with us and your name goes on the next Finals board.',
    link: { label: 'Become a partner', href: '/partners' },
  },
};
