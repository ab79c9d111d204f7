import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
import {
  admin,
  magicLink,
  organization as organizationPlugin,
  twoFactor as twoFactorPlugin,
} from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { platformStaffRole } from '../../../shared/domain/two-factor';
import type { Db } from '../../db/client';
import {
  account,
  invitation,
  member,
  organization,
  session,
  twoFactor,
  user,
  verification,
} from '../../db/schema/auth';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { Clock } from '../../platform/clock';
import { betterAuthLogger } from '../../platform/log-redaction';
import type { MailSender } from '../../platform/mail/notifications';
import { authSchemaOptions } from './auth-schema-options';
import { confirmationEmail, passwordResetEmail, signInLinkEmail } from './emails';
import type { LoginAttempts } from './login-attempts';
import { organizationOptions } from './organizations';
import { hashPassword, verifyPassword } from './passwords';
import { twoFactorOptions } from './two-factor';

/** How long an emailed one-time sign-in link works. */
export const signInLinkExpiresInSeconds = 15 * 60;

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
  mailer: MailSender;
  loginAttempts: LoginAttempts;
  /** Where Better Auth's own error lines go (the app's logger, which redacts personal data). */
  log: FastifyBaseLogger;
  settings: AuthSettings;
  /** The app's clock: how long an invitation lasts is counted on it. */
  clock: Clock;
  /** Runs after a password was reset through the emailed link (clears the account's sign-in counters). */
  onPasswordReset?: (email: string) => Promise<void>;
  /** Told each time a password is checked against an account's hash (tests count the checks). */
  onPasswordCheck?: () => void;
}) {
  const { db, mailer, loginAttempts, settings } = deps;
  const authLog = betterAuthLogger(deps.log);
  return betterAuth({
    appName: 'FanGrid',
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret: settings.secret,
    trustedOrigins: (request) => [...settings.trustedOrigins, request?.headers.get(VERIFIED_ORIGIN_HEADER)],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, organization, member, invitation, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => {
          deps.onPasswordCheck?.();
          return verifyPassword(hash, password);
        },
      },
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
    plugins: [
      // The one-time sign-in link (routes.ts asks for it, for confirmed accounts only): single use, stored hashed,
      // never creates an account. Better Auth serves only its verify endpoint, through FanGrid's allowlist.
      magicLink({
        expiresIn: signInLinkExpiresInSeconds,
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(signInLinkEmail(email, url));
        },
      }),
      // Organizations, members and invitations: served only through features/orgs, which calls auth.api.
      organizationPlugin(organizationOptions({ mailer, clock: deps.clock, publicUrl: settings.publicUrl })),
      // TOTP with backup codes; served only through FanGrid's two-factor routes (two-factor-routes.ts).
      twoFactorPlugin(twoFactorOptions),
      // The platform role on the user (`admin`: platform staff); its endpoints are not served.
      admin({ defaultRole: 'user', adminRoles: [platformStaffRole] }),
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Wrong passwords and unknown emails are expected traffic, recorded in login_attempts; only errors log,
    // through the app's logger (redacted), never the console. A lost database is not logged here (with a stack,
    // per request): FanGrid's error handler warns about it once a minute.
    logger: {
      ...authLog,
      log: (level, message, ...args) => {
        if (!args.some(isDatabaseUnavailable)) authLog.log(level, message, ...args);
      },
    },
    // A failure that is not one of Better Auth's own answers (a query that failed, a lost database) is thrown
    // out of its handler to FanGrid's error handler, which logs it and answers 500 INTERNAL, or 503 UNAVAILABLE
    // for a database that cannot be reached, in the one error shape (Better Auth would answer an empty 500).
    onAPIError: {
      onError: (error) => {
        if (!isAPIError(error)) throw error;
      },
    },
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
