/**
 * The baseball feature's public surface: the baseball screen and its matchups.
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 * /entered lists the fan's custom game entries with this feature's section.
 */
export { customEntriesQuery } from './api';
export { CustomEntriesSection } from './components/custom-entries-list';
