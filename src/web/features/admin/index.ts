/**
 * The admin feature's public surface: the board screens, which an organization's console reuses against its own
 * organizer API (`OrgBoardOps` puts them in that organization's scope, its role deciding what they offer).
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk. Only
 * lazy screens import this file, so nothing of it is on the first load.
 */
export { BoardsScreen, type BoardsScreenProps } from './components/boards-screen';
export { EntriesScreen } from './components/entries-screen';
export { BoardScreen, OrgBoardOps } from './components/org-board-ops';
