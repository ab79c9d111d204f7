/** WNBA content rules (docs/product.md#wnba). Pure: no I/O, no clock. */

/** The fields a player search looks in (name, team or stat). */
export interface SearchablePlayer {
  name: string;
  team: string;
  stat: string;
}

/** The search text as the rule reads it: surrounding spaces do not count. */
export function normalisePlayerQuery(query: string): string {
  return query.trim();
}

/** True when the player's name, team or stat contains the query, ignoring case. An empty query matches everyone. */
export function matchesPlayerQuery(player: SearchablePlayer, query: string): boolean {
  const needle = normalisePlayerQuery(query).toLowerCase();
  if (needle === '') return true;
  return [player.name, player.team, player.stat].some((field) => field.toLowerCase().includes(needle));
}

/** Player search: the players matching the query, in their original order. */
export function searchPlayers<P extends SearchablePlayer>(players: readonly P[], query: string): P[] {
  return players.filter((p) => matchesPlayerQuery(p, query));
}

/** The text shown when a search finds nobody. */
export function noPlayersMessage(query: string): string {
  return `No players found matching "${normalisePlayerQuery(query)}"`;
}

/** Winning percentage as standings print it: ".773", "1.000", ".000" for no games. */
export function winPct(wins: number, losses: number): string {
  const games = wins + losses;
  if (games === 0) return '.000';
  const pct = (wins / games).toFixed(3);
  return pct.startsWith('0') ? pct.slice(1) : pct;
}

/** Games behind a leader: "—" when level with (or ahead of) the leader, else half-games such as "4.0", "10.5". */
export function gamesBehind(leader: { wins: number; losses: number }, team: { wins: number; losses: number }): string {
  const gb = (leader.wins - team.wins + (team.losses - leader.losses)) / 2;
  return gb <= 0 ? '—' : gb.toFixed(1);
}

/** Reads a "W-L" record such as "19-3". */
export function parseRecord(record: string): { wins: number; losses: number } {
  const match = /^(\d+)-(\d+)$/.exec(record);
  if (!match) throw new Error(`Not a won-lost record: ${record}`);
  return { wins: Number(match[1]), losses: Number(match[2]) };
}
