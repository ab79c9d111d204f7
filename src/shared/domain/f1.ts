/** F1: the 2025 season has 24 races and 21 drivers; the page shows the top 10 of the standings. */
export const f1SeasonYear = 2025;
export const f1SeasonRounds = 24;
export const f1SeasonDrivers = 21;
export const f1TopStandings = 10;

export type F1Theme = 'dark' | 'light';

/** A saved theme choice; anything else (nothing saved, an old or corrupt value) reads as the default, dark. */
export function parseF1Theme(value: unknown): F1Theme {
  return value === 'light' ? 'light' : 'dark';
}

/** The championship leader: the driver at the top of the standings (lowest position). */
export function seasonLeader<T extends { position: number }>(standings: readonly T[]): T | undefined {
  let leader: T | undefined;
  for (const driver of standings) if (!leader || driver.position < leader.position) leader = driver;
  return leader;
}

/** The next race: the earliest round not completed yet; none once the season is over. */
export function nextRace<T extends { round: number; completed: boolean }>(rounds: readonly T[]): T | undefined {
  let next: T | undefined;
  for (const r of rounds) if (!r.completed && (!next || r.round < next.round)) next = r;
  return next;
}

export function completedRoundCount(rounds: readonly { completed: boolean }[]): number {
  return rounds.filter((r) => r.completed).length;
}

/** Standings in position order: the top 10, or every driver when `showAll`. */
export function visibleStandings<T extends { position: number }>(standings: readonly T[], showAll: boolean): T[] {
  const ordered = [...standings].sort((a, b) => a.position - b.position);
  return showAll ? ordered : ordered.slice(0, f1TopStandings);
}

/** American (moneyline) odds are whole numbers of at least +100 or at most -100. */
export function isAmericanOdds(odds: number): boolean {
  return Number.isInteger(odds) && (odds >= 100 || odds <= -100);
}

/** '+250' for an underdog, '-150' for a favourite. */
export function formatOdds(odds: number): string {
  return odds > 0 ? `+${odds}` : String(odds);
}

/** The bookmaker's implied chance of a win, 0..1 (before margin): +300 is 25%, -200 is 66.7%. */
export function impliedProbability(odds: number): number {
  return odds > 0 ? 100 / (odds + 100) : -odds / (-odds + 100);
}

/** '25%' style label of the implied chance, rounded to a whole percent. */
export function formatImpliedChance(odds: number): string {
  return `${Math.round(impliedProbability(odds) * 100)}%`;
}

/** A round's odds with the favourite first (shortest price), ties by driver name. */
export function favouritesFirst<T extends { driver: string; odds: number }>(odds: readonly T[]): T[] {
  return [...odds].sort(
    (a, b) => impliedProbability(b.odds) - impliedProbability(a.odds) || a.driver.localeCompare(b.driver),
  );
}

/** Wins and podiums per driver counted from the completed rounds' podiums (winner first). */
export function tallyPodiums(
  rounds: readonly { completed: boolean; podium?: readonly string[] }[],
): Map<string, { wins: number; podiums: number }> {
  const tally = new Map<string, { wins: number; podiums: number }>();
  for (const r of rounds) {
    if (!r.completed || !r.podium) continue;
    r.podium.forEach((driver, place) => {
      const row = tally.get(driver) ?? { wins: 0, podiums: 0 };
      row.podiums += 1;
      if (place === 0) row.wins += 1;
      tally.set(driver, row);
    });
  }
  return tally;
}
