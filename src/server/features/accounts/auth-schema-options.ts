import type { BetterAuthOptions } from 'better-auth';

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
