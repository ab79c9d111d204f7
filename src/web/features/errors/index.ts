/**
 * The errors feature's public surface: error screens.
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 */
// The one page exported: the router's error element is part of the shell on the first load, never lazy.
export { RouteErrorPage } from './pages/route-error-page';
