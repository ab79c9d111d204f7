import type { BetterAuthOptions } from 'better-auth';
import type { OrganizationOptions } from 'better-auth/plugins';

/**
 * The part of the Better Auth configuration that shapes the database. Shared by the running app and by
 * auth.cli.ts, from which `npm run auth:generate` generates src/server/db/schema/auth.ts.
 */
export const authSchemaOptions = {
  user: {
    additionalFields: {
      // The old app's 'userData': the phone given at sign-up.
      phone: { type: 'string', required: true, input: true },
    },
  },
} satisfies Partial<BetterAuthOptions>;

/**
 * The organization plugin's tables (organization, member, invitation) and the fields FanGrid adds to an
 * organization. Its logo is the plugin's own `logo`. `status` is the platform's to change (suspending an
 * organization), never an organizer's: it is not accepted as input.
 */
export const organizationSchemaOptions = {
  schema: {
    organization: {
      additionalFields: {
        cause: { type: 'string', required: false, input: true },
        contactEmail: { type: 'string', required: false, input: true },
        ein: { type: 'string', required: false, input: true },
        status: { type: 'string', required: true, input: false, defaultValue: 'active' },
      },
    },
  },
} satisfies Partial<OrganizationOptions>;
