import type { FeedLeague } from '../../../shared/contracts/admin';
import { createEntrySchema } from '../../../shared/contracts/boards';
import { boardFormats, entryRules, nbaFinalsPrizes, type PrizePeriod } from '../../../shared/domain/boards';
import { hockeyPrizes } from '../../../shared/domain/feed-periods';
import { clientKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { ScoresSource } from '../../platform/scores';
import { type DemoRound, demoListedAfterMs, demoRoundMs, demoRoundsStarting } from '../../platform/scores/demo';
import { demoTimeline } from '../../platform/scores/replay';
import type { BoardsService } from '../boards';
import type { FeedService } from '../feed';
import type { DemoBoardRow, DemoRepo } from './repo';

/**
 * The embedded demo's recurring boards (docs/product.md#the-embedded-demo). Each demo round (a recorded real
 * game replayed by the fixtures feed, platform/scores/demo.ts) gets a feed-scored board `demo-<league>-<round>`
 * up to 10 minutes before its game; demo entrants join it through the fans' entry path until 30 seconds
 * before the start, leaving room for a visitor; from then on the feed's lifecycle locks, scores and settles it
 * like any board on a feed game. No organizer acts.
 */

/** A round's board is set up when its game is between 90 seconds and 10 minutes away. */
export const demoSetUpAheadMs = 2 * demoRoundMs;
export const demoSetUpLeadMs = 90_000;
/** Demo entrants stop joining this long before the game. */
export const demoFillEndsBeforeMs = 30_000;
/** The demo boards' format; demo entrants leave this many entries free for visitors. */
export const demoFormat = '1v49' as const;
export const demoRoomLeft = 4;
export const demoEntrantGoal = boardFormats[demoFormat].entries - demoRoomLeft;

const organization = 'FanGrid Community Fund';
/** Demo entrants' nicknames (at most 7 characters, as every nickname). */
const nicknames = ['Hoops', 'Dunk', 'Swish', 'Rebound', 'Assist', 'Buzzer', 'Puck', 'Slapper', 'Hattrk', 'Zamboni'];

export const demoSlug = (round: Pick<DemoRound, 'league' | 'index'>) => `demo-${round.league}-${round.index}`;
/** What every `demoSlug` matches (a PostgreSQL and JavaScript regular expression). */
export const demoSlugPattern = '^demo-[a-z]+-[0-9]+$';

const prizeTables: Record<DemoRound['league'], PrizePeriod[]> = {
  nba: nbaFinalsPrizes,
  wnba: nbaFinalsPrizes,
  nfl: nbaFinalsPrizes,
  nhl: hockeyPrizes,
};

/**
 * How many entries a round's board should hold at `now`: none until the round's board is set up, then
 * evenly more until the goal 30 seconds before the game (a board set up late catches up at once).
 */
export function demoEntriesDue(startsAt: Date, now: Date): number {
  const from = startsAt.getTime() - demoSetUpAheadMs;
  const until = startsAt.getTime() - demoFillEndsBeforeMs;
  const fraction = Math.min(1, Math.max(0, (now.getTime() - from) / (until - from)));
  return Math.ceil(demoEntrantGoal * fraction);
}

/**
 * The n-th demo entrant of a board: a fictional 555-01xx number, a nickname, a key unique to the board, and the
 * ticks every entry carries (old enough, rules accepted).
 */
export function demoEntrant(slug: string, n: number) {
  return createEntrySchema.parse({
    phone: `+1 202 555 01${String(n % 100).padStart(2, '0')}`,
    nickname: nicknames[n % nicknames.length],
    idempotencyKey: `demo-${slug}-${n}`,
    ageConfirmed: true,
    rulesAccepted: true,
  });
}

export interface DemoLog {
  warn(obj: object, msg: string): void;
}

export function createDemoService(deps: {
  repo: DemoRepo;
  clock: Clock;
  /** The scores source whose demo rounds are replayed (the fixtures source with its demo). */
  source: ScoresSource;
  feed: Pick<FeedService, 'usableGames' | 'record'>;
  boards: Pick<BoardsService, 'createBoard' | 'enter' | 'end'>;
  log: DemoLog;
}) {
  const { repo, clock, source, feed, boards, log } = deps;

  /** Stores the round's game in the feed's schedule as the feed shows it now, and creates its board. */
  async function setUp(round: DemoRound, now: Date): Promise<void> {
    const league = round.league as FeedLeague;
    const game = feed.usableGames(league, await source.scoreboard(league)).find((g) => g.eventId === round.eventId);
    if (!game) {
      log.warn({ league, eventId: round.eventId }, 'demo: the feed does not list the round’s game; trying again');
      return;
    }
    await feed.record(league, game, now);
    await boards.createBoard({
      slug: demoSlug(round),
      feedGame: { league, eventId: round.eventId },
      format: demoFormat,
      entryRule: entryRules.noAmount,
      prizeTable: prizeTables[round.league],
      organization,
      paymentRequired: false,
      // The demo rounds take no amount: free to play, so no state is asked of a visitor trying them.
      mode: 'free-to-play',
    });
  }

  /** Demo entrants join `board` up to what is due now; a board that stopped taking entries stops them. */
  async function admit(board: DemoBoardRow, now: Date): Promise<void> {
    const due = demoEntriesDue(board.startsAt, now);
    for (let n = board.entries; n < due; n++) {
      try {
        await boards.enter(board.slug, demoEntrant(board.slug, n), {
          userId: null,
          address: clientKey(`demo-entrant-${n}`),
        });
      } catch (err) {
        if (err instanceof AppError && (err.statusCode === 409 || err.statusCode === 429)) return;
        throw err;
      }
    }
  }

  /** The boards of the rounds starting in [from, to], with the round each stands for, earliest first. */
  async function roundBoards(from: Date, to: Date) {
    const rounds = demoRoundsStarting(from, to);
    const rows = new Map((await repo.boards(rounds.map(demoSlug))).map((b) => [b.slug, b]));
    return rounds.flatMap((round) => {
      const board = rows.get(demoSlug(round));
      return board ? [{ round, board }] : [];
    });
  }

  return {
    /**
     * One tick of the demo (on the scheduler, once across instances): sets up the boards of the rounds
     * starting 90 seconds to 10 minutes from now, and lets demo entrants join the boards still open. A round
     * the feed no longer lists unsettled (the server was stopped through its game) ends: cancelled while
     * nothing is scored, voided once a period is (its scored prizes stand), so no demo board is left locked for
     * good.
     */
    async tick(): Promise<void> {
      const now = clock.now();
      const unlisted = new Date(now.getTime() - demoTimeline.gameMs - demoListedAfterMs);
      for (const slug of await repo.unsettledBefore(unlisted)) await boards.end(slug, 'demo-unlisted');
      const ahead = demoRoundsStarting(
        new Date(now.getTime() + demoSetUpLeadMs),
        new Date(now.getTime() + demoSetUpAheadMs),
      );
      const existing = new Set((await repo.boards(ahead.map(demoSlug))).map((b) => b.slug));
      for (const round of ahead) {
        if (!existing.has(demoSlug(round))) await setUp(round, now);
      }
      const open = await roundBoards(now, new Date(now.getTime() + demoSetUpAheadMs));
      for (const { board } of open) {
        if (!board.lockedAt && !board.cancelledAt && board.startsAt > now) await admit(board, now);
      }
    },

    /**
     * The demo board to show now: `open`, the next round taking entries; `live`, the round being played (between
     * rounds, the one played last; before the first round, the open one). Null before the first round is set up.
     */
    async current(which: 'open' | 'live'): Promise<string | null> {
      const now = clock.now();
      const boardsNow = await roundBoards(
        new Date(now.getTime() - 2 * demoSetUpAheadMs),
        new Date(now.getTime() + demoSetUpAheadMs),
      );
      const open = boardsNow.find(({ board }) => !board.cancelledAt && !board.lockedAt && board.startsAt > now);
      if (which === 'open') return open?.board.slug ?? null;
      const started = boardsNow.filter(({ board }) => !board.cancelledAt && board.startsAt <= now);
      const playing = started.find(({ board }) => !board.settledAt);
      return (playing ?? started.at(-1) ?? open)?.board.slug ?? null;
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
