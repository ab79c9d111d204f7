import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import { LIVE_BOARDS_MAX } from '../../../shared/contracts/board-events';
import type { MyEntryView } from '../../../shared/contracts/board-responses';
import { myEntriesKey } from './api';
import { followBoardEvents, type LiveBoardDeps } from './live';

/**
 * At most this many boards are followed for the viewer's entries, all on one event stream (the server's cap
 * for a stream that carries several boards): one stream holds one of the browser's few connections to the
 * site (six over HTTP/1.1), however many boards the fan entered, so the rest stay free for the page's reads.
 */
export const ENTRY_STREAMS_MAX = LIVE_BOARDS_MAX;

/** Statuses that can still change: the board has not settled nor been cancelled, or a checkout is open. */
const unsettled = new Set<MyEntryView['status']>(['Pending', 'In Progress', 'Awaiting payment']);

/** Prize states that can still change: an unclaimed prize is claimed or expires, a claimed one is paid. */
const openPrize = new Set(['unclaimed', 'claimed']);

/** An entry whose status or prizes can still change. */
const canChange = (e: MyEntryView) => unsettled.has(e.status) || (e.prizes ?? []).some((p) => openPrize.has(p.state));

/**
 * The boards whose events can change what the viewer's entries say: the board of each entry that is unsettled
 * or holds a prize still to be claimed or paid, once, the soonest game first, at most `ENTRY_STREAMS_MAX`.
 */
export function boardsToFollow(entries: readonly MyEntryView[], max = ENTRY_STREAMS_MAX): string[] {
  const soonest = entries.filter(canChange).sort(
    // Slugs are ASCII: compared as code units, without the collator (whose first use costs ~100 ms on a phone).
    (a, b) =>
      Date.parse(a.game.startsAt) - Date.parse(b.game.startsAt) ||
      Number(a.boardSlug > b.boardSlug) - Number(a.boardSlug < b.boardSlug),
  );
  return [...new Set(soonest.map((e) => e.boardSlug))].slice(0, max);
}

/** The one stream that carries these boards' events (each event names its board). */
export const entryBoardsStreamUrl = (slugs: readonly string[]) =>
  `${boardPaths.boardsLive}?boards=${slugs.map(encodeURIComponent).join(',')}`;

/**
 * Follows the boards of the viewer's unsettled entries on one stream and reads the entries again when one of
 * them locks, scores a period (a win appears; the last period settles it), a prize changes state, a held
 * cell is paid or given back, or events may have been missed (the stream (re)opened, or the server said
 * `resync`). New cells change no entry's status and are ignored.
 */
export function followEntryBoards(slugs: readonly string[], reread: () => void, deps?: LiveBoardDeps): () => void {
  if (slugs.length === 0) return () => {};
  return followBoardEvents(
    entryBoardsStreamUrl(slugs),
    {
      cells: () => {},
      release: reread,
      paid: reread,
      resync: reread,
      scored: reread,
      locked: reread,
      prize: reread,
    },
    deps,
  );
}

/**
 * Keeps the viewer's entries (the `my-entries` query) current while their boards lock, score and settle; the
 * stream is opened again with the new set of boards when it changes.
 */
export function useLiveEntries(entries: readonly MyEntryView[] | undefined) {
  const queryClient = useQueryClient();
  const followed = entries ? boardsToFollow(entries).join(',') : '';
  useEffect(() => {
    if (!followed) return;
    return followEntryBoards(followed.split(','), () => {
      void queryClient.invalidateQueries({ queryKey: myEntriesKey });
    });
  }, [followed, queryClient]);
}
