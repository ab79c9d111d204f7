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
import { apiPost } from '../../lib/api-client';
import { confirmedPathFor } from '../../lib/sign-in-return';

/** The signed-in fan, or null for a visitor (in lib: other screens read it too). */
export { meQuery } from '../../lib/session';

export const accountsApi = {
  signIn: (input: SignInInput) => apiPost(auth.signInEmail, input, signedInSchema),
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
