import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { OPEN_BOARDS_MAX, type OpenBoards } from '../../../../shared/contracts/boards';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { openBoardsQuery } from '../api';
import { OpenBoardsFrame } from './open-boards-frame';

type OpenBoard = OpenBoards['boards'][number];

/** Cards shown before the fan asks for all: the frame's room. */
const FIRST_CARDS = 4;

/** A board's entry price in a few characters: 'Free', '$1–$20', or 'From $1' for a custom amount with no top. */
export function priceLabel(price: OpenBoard['price']): string {
  if (!price) return 'Free';
  if (price.toCents === null) return `From ${formatCents(price.fromCents)}`;
  if (price.toCents === price.fromCents) return formatCents(price.fromCents);
  return `${formatCents(price.fromCents)}–${formatCents(price.toCents)}`;
}

const startLabel = (iso: string) => formatDayTime(iso, 'local', { weekday: true, year: false });

function BoardCard({ board }: { board: OpenBoard }) {
  const title = `${board.teamA} vs ${board.teamB}`;
  const price = priceLabel(board.price);
  const when = `${board.league} · ${startLabel(board.startsAt)}`;
  const supports = `Supports ${board.organization}`;
  return (
    <li>
      <Link
        to={`${paths.boards}/${encodeURIComponent(board.slug)}`}
        className="flex h-full flex-col justify-between rounded-2xl border border-ink-700 bg-ink-850 p-4 hover:border-brand-500/60"
      >
        <span className="flex items-center justify-between gap-3">
          <span className="truncate font-bold text-white" title={title}>
            {title}
          </span>
          <span className="shrink-0 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-bold text-brand-200">
            {price}
          </span>
        </span>
        <span className="truncate text-sm text-slate-300" title={when}>
          {when}
        </span>
        <span className="truncate text-sm text-slate-300" title={supports}>
          {supports}
        </span>
      </Link>
    </li>
  );
}

const footerLink = 'inline-flex h-11 items-center font-semibold text-brand-300 underline hover:text-brand-200';

/** The open boards: the first four, then all of them when asked (the soonest `OPEN_BOARDS_MAX`). */
export function OpenBoardsList() {
  const list = useQuery(openBoardsQuery);
  const [all, setAll] = useState(false);
  const data = list.data;
  const demo = data?.demoLivePath ? (
    <Link to={data.demoLivePath} className={footerLink}>
      Watch a demo board play live
    </Link>
  ) : null;
  if (!data) {
    return (
      <OpenBoardsFrame busy={list.isPending} footer={demo}>
        {list.isError ? (
          <li className="col-span-full flex flex-col items-start gap-2 rounded-2xl border border-red-400/40 bg-red-950/40 p-4 text-red-100">
            <span className="font-semibold">We couldn't load the open boards.</span>
            <button
              type="button"
              onClick={() => void list.refetch()}
              className="h-11 rounded-lg bg-red-800 px-4 text-sm font-semibold text-white hover:bg-red-700"
            >
              Try again
            </button>
          </li>
        ) : (
          [1, 2, 3, 4].map((n) => <li key={n} aria-hidden="true" className="animate-pulse rounded-2xl bg-ink-800" />)
        )}
      </OpenBoardsFrame>
    );
  }
  const shown = all ? data.boards : data.boards.slice(0, FIRST_CARDS);
  const hidden = data.boards.length - shown.length;
  return (
    <OpenBoardsFrame
      footer={
        <>
          {hidden > 0 && (
            <button type="button" className={footerLink} onClick={() => setAll(true)}>
              Show all {data.boards.length} open boards
            </button>
          )}
          {all && data.more && (
            <span className="text-sm text-slate-300">The {OPEN_BOARDS_MAX} soonest open boards are shown.</span>
          )}
          {demo}
        </>
      }
    >
      {data.boards.length === 0 ? (
        <li className="col-span-full rounded-2xl border border-ink-700 bg-ink-850 p-4 text-slate-300">
          No board is taking entries right now. A board opens 1 hour before its game starts.
        </li>
      ) : (
        shown.map((board) => <BoardCard key={board.slug} board={board} />)
      )}
    </OpenBoardsFrame>
  );
}
