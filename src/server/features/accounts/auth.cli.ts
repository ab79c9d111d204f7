// Only for the Better Auth CLI (`npm run auth:generate`): the schema-shaping options on a mock database.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { drizzle } from 'drizzle-orm/node-postgres';
import { authSchemaOptions } from './auth-schema-options';

export const auth = betterAuth({
  database: drizzleAdapter(drizzle.mock(), { provider: 'pg' }),
  emailAndPassword: { enabled: true },
  ...authSchemaOptions,
});
