import type { TwoFactorOptions } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { twoFactorRequiredFor } from '../../../shared/domain/two-factor';
import type { Db } from '../../db/client';
import { member, user } from '../../db/schema/auth';

/**
 * Better Auth's two-factor plugin as FanGrid runs it: TOTP (6 digits, 30 s) named "FanGrid" in the app, and 10
 * backup codes stored encrypted, each spent once. Turning it on needs the password, then a code from the app
 * (until then the account signs in with its password alone). A sign-in challenge lasts 10 minutes and takes 5
 * codes; 10 wrong codes in a row lock the account's second step for 15 minutes.
 */
export const twoFactorOptions = {
  issuer: 'FanGrid',
  backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
  twoFactorCookieMaxAge: 10 * 60,
  accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
} satisfies TwoFactorOptions;

/** What the organization guard asks: whether this account, in this role, lacks a second factor it must have. */
export type SecondFactorMissing = (userId: string, orgRole: string) => Promise<boolean>;

/** Reads an account's platform role and whether its two-factor authentication is on (one query). */
export function createTwoFactorRule(db: Db) {
  const accountOf = async (userId: string) => {
    const [row] = await db
      .select({ role: user.role, enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, userId));
    return row ?? null;
  };

  /** Whether the account must turn two-factor on before an organizer route answers it in this role. */
  const secondFactorMissing: SecondFactorMissing = async (userId, orgRole) => {
    const found = await accountOf(userId);
    if (!found) return true;
    return !found.enabled && twoFactorRequiredFor({ platformRole: found.role, orgRoles: [orgRole] });
  };

  /** The settings page's status: on or off, and whether the account's roles require it (where it is required). */
  async function status(userId: string, required: boolean) {
    const found = await accountOf(userId);
    if (!found || !required) return { enabled: found?.enabled === true, required: false };
    const roles = await db.select({ role: member.role }).from(member).where(eq(member.userId, userId));
    return {
      enabled: found.enabled === true,
      required: twoFactorRequiredFor({ platformRole: found.role, orgRoles: roles.map((r) => r.role) }),
    };
  }

  return { secondFactorMissing, status };
}
export type TwoFactorRule = ReturnType<typeof createTwoFactorRule>;
