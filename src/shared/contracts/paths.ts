import { accountPaths, authEndpointPaths } from './api-paths/accounts';
import { adminGatePaths, adminPaths } from './api-paths/admin';
import { affiliatePaths } from './api-paths/affiliate';
import { baseballPaths } from './api-paths/baseball';
import { boardPaths } from './api-paths/boards';
import { contentPaths } from './api-paths/content';
import { devPaths } from './api-paths/dev';
import { localImportPaths } from './api-paths/local-import';
import { openBoardPaths } from './api-paths/open-boards';
import { organizerPaths } from './api-paths/organizer';
import { invitationPaths, orgPaths } from './api-paths/orgs';
import { partnerPaths } from './api-paths/partners';
import { pathOf } from './api-paths/pattern';
import { donationPaths, paymentPaths, tipPaths } from './api-paths/payments';
import { prizePaths } from './api-paths/prizes';
import { profilePaths } from './api-paths/profiles';
import { publicOrgPaths } from './api-paths/public-orgs';
import { scoresPaths } from './api-paths/scores';
import { trackedGamePaths } from './api-paths/tracked-games';

/**
 * Every API path in one object, for the server and the tests. Free of runtime dependencies, like the groups it
 * is built from.
 *
 * The web never imports this file: each module imports its own group from `api-paths/`. An object reaches the
 * bundle whole, with every property, so importing this one would put every feature's paths on the first load
 * of `/` (docs/decisions/0002-first-load-budget.md); `scripts/check-deps.mjs` refuses it.
 */
export const apiPaths = {
  health: '/api/health',
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  /** Prometheus metrics: only with METRICS_TOKEN as a bearer token, or on METRICS_PORT alone. */
  metrics: '/metrics',
  content: contentPaths,
  scores: scoresPaths,
  baseball: baseballPaths,
  payments: paymentPaths,
  donations: donationPaths,
  tips: tipPaths,
  ...affiliatePaths,
  partners: partnerPaths,
  /** Stored uploads (logos) are served from here, outside /api. */
  uploads: pathOf('/uploads/:name'),
  ...accountPaths,
  authEndpoints: authEndpointPaths,
  adminGate: adminGatePaths,
  admin: adminPaths,
  prizes: prizePaths,
  orgs: orgPaths,
  organizer: organizerPaths,
  invitations: invitationPaths,
  publicOrgs: publicOrgPaths,
  ...devPaths,
  sms: { inbound: '/api/sms/inbound' },
  ...boardPaths,
  ...openBoardPaths,
  trackedGames: trackedGamePaths,
  ...profilePaths,
  ...localImportPaths,
} as const;
