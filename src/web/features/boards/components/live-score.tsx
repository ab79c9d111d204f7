import type { BoardView } from '../../../../shared/contracts/boards';
import { formatWeekdayTime } from '../../../../shared/domain/en-us';

/** Who gave a period's score, as the board says it. */
export const resultSourceText: Record<BoardView['results'][number]['source'], string> = {
  feed: 'From the live feed',
  organizer: 'Entered by the organizer',
};

const startTime = (iso: string) => formatWeekdayTime(iso, 'local');

/** What the live score line needs of a board: the public board view, or an organizer's view of the same board. */
export interface LiveScoreBoard {
  scoring: BoardView['scoring'];
  status: BoardView['status'];
  live: BoardView['live'];
  game: Pick<BoardView['game'], 'teamA' | 'teamB' | 'startsAt'>;
}

/**
 * A feed-scored board's live score line: team A's score, team B's, and the feed's status text ('End of 1st',
 * 'Top 5th', 'Waiting for the official score'). Before the game starts it says when the score will show, in
 * whole words on two lines of fixed height (one on a wide screen), never cut. The box is one height in every
 * state (two rows of fixed height: 40 px for the score or the waiting text, 20 px under it; long team names are
 * cut short with an ellipsis, their full name in `title`), so nothing below it moves when the score appears. A board an organizer scores by hand has no line.
 */
export function LiveScore({ board }: { board: LiveScoreBoard }) {
  if (board.scoring !== 'feed') return null;
  const { game, live } = board;
  // The first row is 40 px in every state: the score line, or the waiting text's two lines of 20 px.
  const row = 'h-10 min-w-0 items-center';
  const under = 'h-5 truncate text-center text-sm leading-5';
  return (
    <section
      aria-label="Live score"
      aria-live="polite"
      data-testid="live-score"
      className="flex flex-col justify-center gap-1 rounded-2xl border border-ink-700 bg-ink-850 px-4 py-3"
    >
      {live ? (
        <>
          <p
            className={`${row} grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] gap-3 text-sm font-bold text-white sm:text-lg`}
            data-testid="live-line"
          >
            <span className="truncate text-right" title={game.teamA}>
              {game.teamA}
            </span>{' '}
            <span className="font-mono text-2xl leading-8 whitespace-nowrap tabular-nums">
              {live.teamAScore}
              <span aria-hidden="true" className="px-2 text-slate-400">
                –
              </span>
              <span className="sr-only"> to </span>
              {live.teamBScore}
            </span>{' '}
            <span className="truncate" title={game.teamB}>
              {game.teamB}
            </span>
          </p>
          <p className={`${under} font-semibold text-amber-200`} data-testid="live-status">
            {live.status}
          </p>
        </>
      ) : (
        <>
          <p className={`${row} text-center text-sm leading-5 font-semibold text-white`} data-testid="live-status">
            {board.status === 'cancelled'
              ? 'No live score: this board is cancelled.'
              : `The live score shows here from the start (${startTime(game.startsAt)}).`}
          </p>
          <p className={`${under} text-slate-300`}>Each period is scored from the live feed.</p>
        </>
      )}
    </section>
  );
}
