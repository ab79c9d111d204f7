import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { account, session, user, verification } from '../../db/schema/auth';
import { betterAuthLogger } from '../../platform/log-redaction';
import type { Mailer } from '../../platform/mail/mailer';
import { authSchemaOptions } from './auth-schema-options';
import { confirmationEmail, passwordResetEmail } from './emails';
import type { LoginAttempts } from './login-attempts';
import { hashPassword, verifyPassword } from './passwords';

/** The header our Fastify bridge sets to the client's address (any incoming value is dropped first). */
export const CLIENT_IP_HEADER = 'x-fangrid-client-ip';
/**
 * The header our bridge sets to the Origin FanGrid's own check accepted for this request (any incoming value is
 * dropped first), so Better Auth trusts the same origins FanGrid does (in development: wherever it is opened).
 */
export const VERIFIED_ORIGIN_HEADER = 'x-fangrid-verified-origin';

export interface AuthSettings {
  publicUrl: string;
  trustedOrigins: string[];
  secret: string;
  production: boolean;
}

/**
 * Better Auth, configured for FanGrid: email + password with confirmation, argon2id hashes, reset links
 * that end other sessions, cookies prefixed `fangrid` (HttpOnly, SameSite=Lax, Secure in production).
 * Rate limits and lockouts are FanGrid's own (PostgreSQL-backed, see routes.ts), so the library's are off.
 */
export function createAuth(deps: {
  db: Db;
  mailer: Mailer;
  loginAttempts: LoginAttempts;
  /** Where Better Auth's own error lines go (the app's logger, which redacts personal data). */
  log: FastifyBaseLogger;
  settings: AuthSettings;
  /** Runs after a password was reset through the emailed link (clears the account's sign-in counters). */
  onPasswordReset?: (email: string) => Promise<void>;
}) {
  const { db, mailer, loginAttempts, settings } = deps;
  return betterAuth({
    appName: 'FanGrid',
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret: settings.secret,
    trustedOrigins: (request) => [...settings.trustedOrigins, request?.headers.get(VERIFIED_ORIGIN_HEADER)],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: u }) => {
        await deps.onPasswordReset?.(u.email);
      },
      sendResetPassword: async ({ user: u, url }) => {
        await mailer.send(passwordResetEmail(u.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        await mailer.send(confirmationEmail(u.email, u.name, url));
      },
      afterEmailVerification: async (u, request) => {
        await loginAttempts.record({
          status: 'signup_confirmed',
          userId: u.id,
          email: u.email,
          name: u.name,
          phone: (u as { phone?: string }).phone ?? null,
          ip: request?.headers.get(CLIENT_IP_HEADER) ?? null,
          userAgent: request?.headers.get('user-agent') ?? null,
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Wrong passwords and unknown emails are expected traffic, recorded in login_attempts; only errors log,
    // through the app's logger (redacted), never the console.
    logger: betterAuthLogger(deps.log),
    advanced: {
      cookiePrefix: 'fangrid',
      useSecureCookies: settings.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    ...authSchemaOptions,
  });
}
export type Auth = ReturnType<typeof createAuth>;
