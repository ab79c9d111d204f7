import type {
  MlbScoresResponse,
  NflPreseasonResponse,
  ScoreGame,
  TickerResponse,
} from '../../../shared/contracts/scores';
import {
  awayOf,
  detailBesideLabel,
  gameStateLabel,
  homeOf,
  mlbFromMidJune,
  nflPreseasonRows,
  type ScoreEvent,
  type ScoreFeed,
  tickerEvents,
  tickerFeeds,
} from '../../../shared/domain/scores';
import type { Clock } from '../../platform/clock';
import type { ScoresFeed } from '../../platform/scores';
import type { ScoresRepo } from './repo';

function toGame(league: ScoreFeed, e: ScoreEvent): ScoreGame {
  const strip = ({ name, abbreviation, score }: ScoreEvent['competitors'][number]) => ({ name, abbreviation, score });
  const label = gameStateLabel(e.state);
  return {
    id: e.id,
    league,
    date: e.date,
    shortName: e.shortName,
    state: e.state,
    label,
    detail: detailBesideLabel(label, e.detail),
    competitors: [strip(awayOf(e)), strip(homeOf(e))],
  };
}

/** The three views of the scores feed the sports hub shows (docs/product.md#scores-and-the-ticker). */
export function createScoresService(deps: { feed: ScoresFeed; repo: ScoresRepo; clock: Clock }) {
  return {
    /** Ticker: WNBA, NBA, MLB and NHL read in parallel; events of the last 2 days and today. */
    async ticker(): Promise<TickerResponse> {
      const now = deps.clock.now();
      const results = await Promise.all(tickerFeeds.map(async (f) => [f, await deps.feed.read(f)] as const));
      const games = results
        .flatMap(([league, r]) => tickerEvents(r.events, now).map((e) => toGame(league, e)))
        .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
      return { games, failedFeeds: results.filter(([, r]) => !r.ok).map(([f]) => f) };
    },

    /** NFL preseason: the fixed games, then the feed's season-type-1 games by date, 12 at most. */
    async nflPreseason(): Promise<NflPreseasonResponse> {
      const [fixed, nfl] = await Promise.all([deps.repo.fixedPreseasonGames(), deps.feed.read('nfl')]);
      const rows = nflPreseasonRows(
        fixed.map((g) => ({
          id: g.slug,
          name: g.name,
          date: g.date,
          teams: [g.awayTeam, g.homeTeam] as [string, string],
          week: g.week,
          status: g.status,
        })),
        nfl.events,
      );
      return { games: rows, feedFailed: !nfl.ok };
    },

    /** MLB: events on or after 16 June of their year, by date. */
    async mlb(): Promise<MlbScoresResponse> {
      const mlb = await deps.feed.read('mlb');
      return { games: mlbFromMidJune(mlb.events).map((e) => toGame('mlb', e)), feedFailed: !mlb.ok };
    },
  };
}
