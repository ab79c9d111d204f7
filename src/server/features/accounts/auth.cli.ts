// Only for the Better Auth CLI (`npm run auth:generate`): the schema-shaping options on a mock database.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, organization, twoFactor } from 'better-auth/plugins';
import { drizzle } from 'drizzle-orm/node-postgres';
import { authSchemaOptions, organizationSchemaOptions } from './auth-schema-options';

export const auth = betterAuth({
  database: drizzleAdapter(drizzle.mock(), { provider: 'pg' }),
  emailAndPassword: { enabled: true },
  plugins: [organization(organizationSchemaOptions), twoFactor(), admin()],
  ...authSchemaOptions,
});
