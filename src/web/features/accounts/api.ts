import {
  passwordResetSchema,
  resetRequestedSchema,
  type SignInInput,
  type SignUpInput,
  signedInSchema,
  signedUpSchema,
  signInLinkSentSchema,
} from '../../../shared/contracts/accounts';
import { authEndpointPaths as auth } from '../../../shared/contracts/api-paths/accounts';
import { twoFactorPaths } from '../../../shared/contracts/api-paths/two-factor';
import {
  twoFactorBackupCodesSchema,
  twoFactorChallengeSchema,
  twoFactorDisabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifiedSchema,
} from '../../../shared/contracts/two-factor';
import { apiGet, apiPost } from '../../lib/api-client';
import { confirmedPathFor } from '../../lib/sign-in-return';

/** The signed-in fan, or null for a visitor (in lib: other screens read it too). */
export { meQuery } from '../../lib/session';

export const accountsApi = {
  /** A sign-in: the session started, or (two-factor on) the second step asked for. */
  signIn: (input: SignInInput) => apiPost(auth.signInEmail, input, signedInSchema.or(twoFactorChallengeSchema)),
  /** The confirmation link signs the fan in and returns to `back` (a path inside FanGrid), else home. */
  signUp: (input: SignUpInput, back?: string) =>
    apiPost(auth.signUpEmail, { ...input, callbackURL: confirmedPathFor(back) }, signedUpSchema),
  requestReset: (email: string) =>
    apiPost(auth.requestPasswordReset, { email, redirectTo: '/login?reset=1' }, resetRequestedSchema),
  resetPassword: (token: string, newPassword: string) =>
    apiPost(auth.resetPassword, { token, newPassword }, passwordResetSchema),
  /** Asks for a one-time sign-in link by email (offered when the account's wait refused a sign-in). */
  requestSignInLink: (email: string) => apiPost(auth.signInLink, { email }, signInLinkSentSchema),
};

/** Two-factor authentication: the account settings' section and the second step of a sign-in. */
export const twoFactorApi = {
  status: (signal?: AbortSignal) => apiGet(twoFactorPaths.status, twoFactorStatusSchema, { signal }),
  /** Step 1 of turning it on: the password; answers the app's URI and the backup codes. */
  enable: (password: string) => apiPost(twoFactorPaths.enable, { password }, twoFactorSetupSchema),
  /** A code from the app: confirms turning it on, or completes a sign-in. */
  verifyCode: (code: string) => apiPost(twoFactorPaths.verifyTotp, { code }, twoFactorVerifiedSchema),
  verifyBackupCode: (code: string) => apiPost(twoFactorPaths.verifyBackupCode, { code }, twoFactorVerifiedSchema),
  disable: (password: string) => apiPost(twoFactorPaths.disable, { password }, twoFactorDisabledSchema),
  /** New backup codes (the old ones stop working). */
  newBackupCodes: (password: string) =>
    apiPost(twoFactorPaths.generateBackupCodes, { password }, twoFactorBackupCodesSchema),
};

export const twoFactorStatusQuery = {
  queryKey: ['me', 'two-factor'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => twoFactorApi.status(signal),
};
