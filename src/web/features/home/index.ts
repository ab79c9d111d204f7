/**
 * The home feature's public surface: the home screen and the query the route table starts with it.
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 */
export { homeContentQuery } from './api';
