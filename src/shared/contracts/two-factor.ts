import { z } from 'zod';
import { normalizedBackupCode, totpCodePattern } from '../domain/two-factor';
import { PASSWORD_MAX } from './accounts';
import { secretText, singleLine } from './text';

/** Error codes of two-factor authentication in FanGrid's error shape. */
export const twoFactorErrorCodes = {
  /** An organizer route refused an account that must use two-factor authentication and has not turned it on. */
  required: 'TWO_FACTOR_REQUIRED',
  invalidCode: 'INVALID_CODE',
  invalidBackupCode: 'INVALID_BACKUP_CODE',
  signInRequired: 'SIGN_IN_REQUIRED',
  /** The sign-in's second step expired (10 minutes) or was never started: sign in with the password again. */
  challengeExpired: 'INVALID_TWO_FACTOR_COOKIE',
  /** The sign-in's second step took too many wrong codes: sign in with the password again. */
  tooManyTries: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
} as const;

export const twoFactorMessages = {
  required:
    'Two-factor authentication is required for platform staff and organization owners and admins. Turn it on in your account settings, then try again.',
  invalidCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  invalidBackupCode: 'That backup code is not right, or it was already used.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  backupCodeFormat: 'A backup code has 10 letters and digits, like abcde-12345',
  signInRequired: 'Sign in to see your account settings.',
  challengeExpired: 'Your sign-in took too long or had too many tries. Sign in with your password again.',
} as const;

const password = secretText('Password').min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long');

/** Turning two-factor on (step 1) or off: the account's password again. */
export const twoFactorPasswordSchema = z.object({ password });

/** A 6-digit code from an authenticator app: confirms turning two-factor on, or the second step of a sign-in. */
export const totpCodeSchema = z.object({
  code: singleLine('Code')
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(totpCodePattern, twoFactorMessages.codeFormat)),
});

/** A backup code, once each, instead of the app's code at sign-in. */
export const backupCodeSchema = z.object({
  code: singleLine('Backup code')
    .max(40, twoFactorMessages.backupCodeFormat)
    .transform((code, ctx) => {
      const normalized = normalizedBackupCode(code);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: twoFactorMessages.backupCodeFormat });
        return z.NEVER;
      }
      return normalized;
    }),
});

/** Step 1 of turning two-factor on: the app's `otpauth://` URI (shown as a QR code) and the backup codes, once. */
export const twoFactorSetupSchema = z.looseObject({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** A sign-in whose password was right, of an account with two-factor on: the second step is asked next. */
export const twoFactorChallengeSchema = z.looseObject({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
});

/** A second factor accepted: the session is started (in its cookie), or two-factor is turned on. */
export const twoFactorVerifiedSchema = z.looseObject({ token: z.string() });

/** New backup codes (two-factor stays on; the old codes no longer work). */
export const twoFactorBackupCodesSchema = z.looseObject({ backupCodes: z.array(z.string()) });

/** Two-factor turned off. */
export const twoFactorDisabledSchema = z.looseObject({ status: z.literal(true) });

/** `GET /api/me/two-factor`: whether the account has it on, and whether its roles require it here. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
