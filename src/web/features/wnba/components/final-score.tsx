import { formatCalendarDay } from '../../../../shared/domain/en-us';

export interface Result {
  winner: string;
  winnerScore: number;
  loser: string;
  loserScore: number;
  date: string;
  venue: string;
}

/** A finished game's score line: 'Winner 93, Loser 89'. */
export function FinalScore({ result: r, className }: { result: Result; className: string }) {
  return (
    <p className={className}>
      {r.winner} {r.winnerScore}, {r.loser} {r.loserScore}
    </p>
  );
}

/** Where and when a game was played: its date, then its venue. */
export function PlayedAt({ result: r, className }: { result: Result; className: string }) {
  return (
    <p className={className}>
      <time dateTime={r.date}>{formatCalendarDay(r.date, { weekday: true })}</time> · {r.venue}
    </p>
  );
}
