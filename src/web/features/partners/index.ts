/**
 * The partners feature's public surface: partner onboarding.
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 */
/** The logo upload of the partner forms, also an organization's logo (features/orgs). */
export { LogoField } from './components/logo-field';
