/**
 * The organizations' public pages feature's public surface: `/o/:org` (who the organization is, its boards to
 * come, what it raised, its Donate button) and `/o/:org/donate` (a gift to it).
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 */
export { orgDonatePath, orgPagePath } from './org-paths';
