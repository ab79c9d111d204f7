/** The platform's staff role on an account (Better Auth's admin plugin); every other account has `user`. */
export const platformStaffRole = 'admin';

/** The organization roles whose accounts must use two-factor authentication where it is required. */
export const twoFactorOrgRoles: readonly string[] = ['owner', 'admin'];

/**
 * Where two-factor authentication is required (production by default), an account needs it when it is platform
 * staff or an owner or admin of any organization it belongs to; everyone else may turn it on.
 */
export function twoFactorRequiredFor(account: {
  platformRole: string | null | undefined;
  orgRoles: readonly string[];
}): boolean {
  return (
    account.platformRole === platformStaffRole || account.orgRoles.some((role) => twoFactorOrgRoles.includes(role))
  );
}

/** An authenticator app's code: 6 digits (spaces a person types between them are dropped). */
export const totpCodePattern = /^\d{6}$/;

/**
 * A backup code as FanGrid issues them (Better Auth's `xxxxx-xxxxx`), from what a person typed: spaces dropped,
 * the dash put back when it was left out. Answers null for anything that cannot be one.
 */
export function normalizedBackupCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  return /^[A-Za-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : null;
}

/** The secret of an `otpauth://` URI, for a person who types it into their app instead of scanning. */
export function otpauthSecretOf(uri: string): string | null {
  const match = /[?&]secret=([A-Z2-7]+=*)/i.exec(uri);
  return match?.[1] ?? null;
}
