import { lazy } from 'react';

export type { BoardsScreenProps } from './components/boards-screen';
/**
 * The admin feature's public surface: the board screens, which an organization's console reuses against its own
 * organizer API (`OrgBoardOps` puts them in that organization's scope, its role deciding what they offer).
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk. The
 * boards and entries screens are loaded as the admin pages load them, each its own chunk (render them inside
 * Suspense): imported statically as well, they would share a chunk whose loader the first load would carry.
 */
export { BoardScreen, OrgBoardOps } from './components/org-board-ops';

export const BoardsScreen = lazy(() => import('./components/boards-screen').then((m) => ({ default: m.BoardsScreen })));
export const EntriesScreen = lazy(() =>
  import('./components/entries-screen').then((m) => ({ default: m.EntriesScreen })),
);
