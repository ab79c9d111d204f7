/**
 * The organizations feature's public surface: the screens where people run their organizations (`/orgs`,
 * `/orgs/new`, `/orgs/:org`) and accept an emailed invitation (`/invitations/:id`).
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 * Nothing else in the app uses this feature's code, so nothing is exported.
 */
export {};
