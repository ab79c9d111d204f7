import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wnbaPage } from '../../src/server/db/seed/pages/wnba';
import { womensBasketballPage } from '../../src/server/db/seed/pages/womens-basketball';
import { wnbaPageSchema } from '../../src/shared/contracts/pages/wnba';
import { womensBasketballPageSchema } from '../../src/shared/contracts/pages/womens-basketball';
import {
  gamesBehind,
  matchesPlayerQuery,
  noPlayersMessage,
  parseRecord,
  searchPlayers,
  winPct,
} from '../../src/shared/domain/wnba';

const players = [
  { name: "A'ja Wilson", team: 'Las Vegas Aces', stat: 'Points per game' },
  { name: 'Angel Reese', team: 'Chicago Sky', stat: 'Rebounds per game' },
  { name: 'Caitlin Clark', team: 'Indiana Fever', stat: 'Assists per game' },
];

const player = fc.record({ name: fc.string(), team: fc.string(), stat: fc.string() });
const asciiPlayer = fc.record({
  name: fc.stringMatching(/^[A-Za-z' ]{0,20}$/),
  team: fc.stringMatching(/^[A-Za-z ]{0,20}$/),
  stat: fc.stringMatching(/^[A-Za-z ]{0,20}$/),
});

describe('player search', () => {
  it('matches name, team or stat ignoring case', () => {
    expect(searchPlayers(players, 'wilson').map((p) => p.name)).toEqual(["A'ja Wilson"]);
    expect(searchPlayers(players, 'FEVER').map((p) => p.name)).toEqual(['Caitlin Clark']);
    expect(searchPlayers(players, 'rebounds').map((p) => p.name)).toEqual(['Angel Reese']);
    expect(searchPlayers(players, 'per game')).toHaveLength(3);
    expect(searchPlayers(players, 'AN').map((p) => p.name)).toEqual(['Angel Reese', 'Caitlin Clark']);
  });

  it('returns everyone for an empty or blank query, and nobody for a miss', () => {
    expect(searchPlayers(players, '')).toEqual(players);
    expect(searchPlayers(players, '   ')).toEqual(players);
    expect(searchPlayers(players, 'zzz')).toEqual([]);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(searchPlayers(players, '  clark ')).toHaveLength(1);
    expect(searchPlayers(players, 'angelreese')).toEqual([]);
  });

  it('words the no-match message exactly', () => {
    expect(noPlayersMessage('xyz')).toBe('No players found matching "xyz"');
    expect(noPlayersMessage('  Storm ')).toBe('No players found matching "Storm"');
  });

  it('property: every result contains the query, case-insensitively, in its name, team or stat', () => {
    fc.assert(
      fc.property(fc.array(player, { maxLength: 20 }), fc.string({ maxLength: 6 }), (list, query) => {
        const needle = query.trim().toLowerCase();
        for (const p of searchPlayers(list, query)) {
          expect([p.name, p.team, p.stat].some((f) => f.toLowerCase().includes(needle))).toBe(true);
        }
      }),
    );
  });

  it('property: results are the matching players in their original order, and nothing that matches is dropped', () => {
    fc.assert(
      fc.property(fc.array(player, { maxLength: 20 }), fc.string({ maxLength: 6 }), (list, query) => {
        expect(searchPlayers(list, query)).toEqual(list.filter((p) => matchesPlayerQuery(p, query)));
      }),
    );
  });

  it('property: an empty or blank query returns every player', () => {
    fc.assert(
      fc.property(fc.array(player, { maxLength: 20 }), fc.stringMatching(/^\s*$/), (list, blank) => {
        expect(searchPlayers(list, blank)).toEqual(list);
      }),
    );
  });

  it('property: any piece of a field finds its player', () => {
    fc.assert(
      fc.property(
        fc.array(player, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.constantFrom('name', 'team', 'stat' as const),
        fc.nat(),
        fc.nat(),
        (list, pick, field, a, b) => {
          const target = list[pick % list.length] as (typeof list)[number];
          const text = target[field as 'name' | 'team' | 'stat'];
          const start = text.length ? a % text.length : 0;
          const piece = text.slice(start, start + (b % 8));
          expect(searchPlayers(list, piece)).toContain(target);
        },
      ),
    );
  });

  it('property: upper, lower and mixed case queries find the same players', () => {
    fc.assert(
      fc.property(fc.array(asciiPlayer, { maxLength: 20 }), fc.stringMatching(/^[A-Za-z ]{0,5}$/), (list, q) => {
        const expected = searchPlayers(list, q);
        expect(searchPlayers(list, q.toUpperCase())).toEqual(expected);
        expect(searchPlayers(list, q.toLowerCase())).toEqual(expected);
      }),
    );
  });

  it('property: typing more never widens the results', () => {
    fc.assert(
      fc.property(fc.array(player, { maxLength: 20 }), fc.string(), fc.string(), (list, q, more) => {
        const narrower = searchPlayers(list, q + more);
        const wider = searchPlayers(list, q);
        for (const p of narrower) expect(wider).toContain(p);
      }),
    );
  });
});

describe('standings arithmetic', () => {
  it('prints winning percentage the way standings do', () => {
    expect(winPct(34, 10)).toBe('.773');
    expect(winPct(30, 14)).toBe('.682');
    expect(winPct(10, 0)).toBe('1.000');
    expect(winPct(0, 10)).toBe('.000');
    expect(winPct(0, 0)).toBe('.000');
  });

  it('counts games behind in half games', () => {
    const leader = { wins: 34, losses: 10 };
    expect(gamesBehind(leader, leader)).toBe('—');
    expect(gamesBehind(leader, { wins: 30, losses: 14 })).toBe('4.0');
    expect(gamesBehind(leader, { wins: 33, losses: 10 })).toBe('0.5');
    expect(gamesBehind(leader, { wins: 35, losses: 10 })).toBe('—');
  });

  it('reads won-lost records', () => {
    expect(parseRecord('19-3')).toEqual({ wins: 19, losses: 3 });
    expect(() => parseRecord('19 3')).toThrow();
  });
});

describe('WNBA page content (seed)', () => {
  const { standings } = wnbaPage;
  const leader = standings[0] as (typeof standings)[number];

  it('satisfies its contract', () => {
    expect(wnbaPageSchema.safeParse(wnbaPage).success).toBe(true);
  });

  it('has the 13 teams of 2025, ranked 1-13 by record, each with 44 games', () => {
    expect(standings).toHaveLength(13);
    expect(new Set(standings.map((s) => s.team)).size).toBe(13);
    standings.forEach((s, i) => {
      expect(s.rank).toBe(i + 1);
      expect(s.wins + s.losses).toBe(44);
      if (i > 0) expect(s.wins).toBeLessThanOrEqual((standings[i - 1] as typeof s).wins);
    });
  });

  it('prints pct and GB that follow from the records', () => {
    for (const s of standings) {
      expect(s.pct).toBe(winPct(s.wins, s.losses));
      expect(s.gb).toBe(gamesBehind(leader, s));
    }
  });

  it('splits every record into home and away, and the league balances', () => {
    let homeWins = 0;
    let homeLosses = 0;
    let awayWins = 0;
    let awayLosses = 0;
    for (const s of standings) {
      const home = parseRecord(s.home);
      const away = parseRecord(s.away);
      expect(home.wins + away.wins).toBe(s.wins);
      expect(home.losses + away.losses).toBe(s.losses);
      homeWins += home.wins;
      homeLosses += home.losses;
      awayWins += away.wins;
      awayLosses += away.losses;
    }
    expect(homeWins).toBe(awayLosses);
    expect(homeLosses).toBe(awayWins);
  });

  it('has last-ten records of ten games and streaks that fit inside them', () => {
    for (const s of standings) {
      const l10 = parseRecord(s.l10);
      expect(l10.wins + l10.losses).toBe(10);
      const length = Number(s.strk.slice(1));
      if (length <= 10) expect(length).toBeLessThanOrEqual(s.strk.startsWith('W') ? l10.wins : l10.losses);
    }
  });

  it('names only standings teams in the games and leaders, and offers both game statuses', () => {
    const teams = new Set(standings.map((s) => s.team));
    for (const g of wnbaPage.games) for (const t of g.teams) expect(teams).toContain(t);
    for (const p of wnbaPage.playerLeaders) {
      expect(teams).toContain(p.team);
      expect(standings.find((s) => s.team === p.team)?.conf).toBe(p.conference);
    }
    expect(new Set(wnbaPage.games.map((g) => g.status))).toEqual(new Set(['Available for Game Board', 'Scheduled']));
    expect(new Set(wnbaPage.games.map((g) => g.id)).size).toBe(wnbaPage.games.length);
  });
});

describe("women's basketball view content (seed)", () => {
  it('satisfies its contract: twelve teams and three completed results', () => {
    expect(womensBasketballPageSchema.safeParse(womensBasketballPage).success).toBe(true);
    expect(womensBasketballPage.teams).toHaveLength(12);
    expect(womensBasketballPage.recentResults).toHaveLength(3);
  });

  it('refuses eleven teams or a fourth result', () => {
    const eleven = { ...womensBasketballPage, teams: womensBasketballPage.teams.slice(1) };
    expect(womensBasketballPageSchema.safeParse(eleven).success).toBe(false);
    const four = {
      ...womensBasketballPage,
      recentResults: [...womensBasketballPage.recentResults, womensBasketballPage.recentResults[0]],
    };
    expect(womensBasketballPageSchema.safeParse(four).success).toBe(false);
  });

  it('has six teams a conference and a balanced 40-game season', () => {
    const { teams } = womensBasketballPage;
    expect(teams.filter((t) => t.conference === 'Western')).toHaveLength(6);
    expect(teams.filter((t) => t.conference === 'Eastern')).toHaveLength(6);
    const records = teams.map((t) => parseRecord(t.record));
    for (const r of records) expect(r.wins + r.losses).toBe(40);
    const wins = records.reduce((n, r) => n + r.wins, 0);
    const losses = records.reduce((n, r) => n + r.losses, 0);
    expect(wins).toBe(losses);
  });

  it('has a champion and runner-up from the league, the champion scoring more', () => {
    const { championship, teams } = womensBasketballPage;
    const names = teams.map((t) => t.name);
    expect(names).toContain(championship.champion);
    expect(names).toContain(championship.runnerUp);
    expect(championship.championScore).toBeGreaterThan(championship.runnerUpScore);
  });
});
