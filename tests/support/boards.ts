import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition, nbaFinalsPrizes, undrawnAxes } from '../../src/shared/domain/boards';

/** What a free-to-play board publishes of its legal settings with the defaults (no states excluded). */
export const freeToPlayLegal: BoardView['legal'] = {
  legalName: null,
  registration: null,
  beneficiary: null,
  minimumAge: 18,
  freeEntriesPerPerson: 1,
  freeEntriesPerBoard: null,
  moneyAllowed: false,
  freeEntryOffered: false,
  stateRequired: false,
  excludedStates: [],
};

/** The scores whose last digits point at `cell` on the board's drawn axes (`tens` sets the rest). */
export function scoresFor(board: BoardView, cell: number, tens = 0) {
  const { row, column } = cellPosition(cell);
  return {
    teamAScore: tens * 10 + (board.axes.columns[column] ?? 0),
    teamBScore: tens * 10 + (board.axes.rows[row] ?? 0),
  };
}

/** The home teams the tests' new games are played by, with their venue and the organization a board supports. */
const hosts = {
  knicks: { teamA: 'Knicks', venue: 'Madison Square Garden', organization: 'Knicks Cares' },
  thunder: { teamA: 'Thunder', venue: 'Paycom Center', organization: 'Thunder Cares' },
} as const;

/**
 * The body of `POST /api/admin/boards` for a 1v99 board without amounts of `host` vs Pacers, on a new game
 * starting `minutes` after `now`; `extra` overrides or adds fields. A board that takes no money is
 * `free-to-play` (its entries need the age and rules ticks, and no state by default).
 */
export function newGameBoardBody(
  host: keyof typeof hosts,
  slug: string,
  now: Date,
  minutes: number,
  extra: Record<string, unknown> = {},
) {
  const { teamA, venue, organization } = hosts[host];
  return {
    slug,
    game: {
      league: 'NBA',
      teamA,
      teamB: 'Pacers',
      startsAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
      venue,
    },
    format: '1v99',
    entryRule: { kind: 'no-amount' },
    prizeTable: nbaFinalsPrizes,
    organization,
    paymentRequired: false,
    mode: 'free-to-play',
    ...extra,
  };
}

/** `newGameBoardBody` of the Knicks (at Madison Square Garden, for Knicks Cares). */
export const knicksBoardBody = (slug: string, now: Date, minutes: number, extra: Record<string, unknown> = {}) =>
  newGameBoardBody('knicks', slug, now, minutes, extra);

/**
 * A public board view for the web tests: an open free-to-play 1v99 board of Thunder vs Pacers (finals game 5)
 * with 10 entries and undrawn digits; `over` changes any field.
 */
export const boardView = (over: Partial<BoardView> = {}): BoardView => ({
  slug: 'finals-game-5',
  game: { league: 'NBA', teamA: 'Thunder', teamB: 'Pacers', startsAt: '2030-06-16T00:30:00Z', venue: 'Paycom Center' },
  format: '1v99',
  status: 'open',
  closure: null,
  entryRule: { kind: 'no-amount' },
  prizeTable: [{ key: 'final', label: 'Final score', prizeCents: 15000 }],
  runBy: { slug: 'fangrid-demo', name: 'FanGrid Demo' },
  organization: 'FanGrid Foundation',
  paymentRequired: false,
  holdMinutes: 15,
  capacity: 100,
  entryCount: 10,
  cells: [],
  seedHash: 'a'.repeat(64),
  seed: null,
  axes: { ...undrawnAxes, drawn: false },
  nextBoardSlug: null,
  results: [],
  scoring: 'manual',
  notice: null,
  unfilled: { policy: 'play-on', minEntries: null },
  claimWindowDays: 30,
  payoutMethods: ['pickup'],
  mode: 'free-to-play',
  legal: freeToPlayLegal,
  live: null,
  ...over,
});

/** An EventSource that opens and stays quiet: a board screen under test gets no live events. */
export class QuietEventSource {
  addEventListener() {}
  removeEventListener() {}
  close() {}
}
