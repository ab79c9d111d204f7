import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { boardPaths } from '../../../shared/contracts/api-paths/boards';
import type { MyEntryView } from '../../../shared/contracts/boards';
import { myEntriesKey } from './api';
import { followBoardEvents, type LiveBoardDeps } from './live';

/**
 * At most this many boards' event streams are open for the viewer's entries. Each stream holds one of the
 * browser's few connections to the site (six over HTTP/1.1), so the rest stay free for the page's own reads.
 */
export const ENTRY_STREAMS_MAX = 3;

/** Statuses that can still change: the board has not settled nor been cancelled. */
const unsettled = new Set<MyEntryView['status']>(['Pending', 'In Progress']);

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

/**
 * Follows the boards of the viewer's unsettled entries and reads the entries again when one of them locks,
 * scores a period (a win appears; the last period settles it), a prize changes state, or may have missed events (its stream
 * (re)opened, or the server said `resync`). Cell events change no entry's status and are ignored.
 */
export function followEntryBoards(slugs: readonly string[], reread: () => void, deps?: LiveBoardDeps): () => void {
  const stops = slugs.map((slug) =>
    followBoardEvents(
      `${boardPaths.board(slug)}/events`,
      { cells: () => {}, release: () => {}, resync: reread, scored: reread, locked: reread, prize: reread },
      deps,
    ),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** Keeps the viewer's entries (the `my-entries` query) current while their boards lock, score and settle. */
export function useLiveEntries(entries: readonly MyEntryView[] | undefined) {
  const queryClient = useQueryClient();
  const followed = entries ? boardsToFollow(entries).join(' ') : '';
  useEffect(() => {
    if (!followed) return;
    return followEntryBoards(followed.split(' '), () => {
      void queryClient.invalidateQueries({ queryKey: myEntriesKey });
    });
  }, [followed, queryClient]);
}
