/**
 * Two-factor authentication (Better Auth's two-factor plugin behind FanGrid's routes): turning it on and off
 * from the account settings, and the second step of a sign-in. Apart from the first load's account paths.
 */
export const twoFactorPaths = {
  status: '/api/me/two-factor',
  enable: '/api/auth/two-factor/enable',
  verifyTotp: '/api/auth/two-factor/verify-totp',
  verifyBackupCode: '/api/auth/two-factor/verify-backup-code',
  disable: '/api/auth/two-factor/disable',
  /** New backup codes for the password; the old ones stop working. */
  generateBackupCodes: '/api/auth/two-factor/generate-backup-codes',
} as const;
