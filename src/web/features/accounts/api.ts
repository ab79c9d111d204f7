import { type SignInInput, type SignUpInput, signInLinkSentSchema } from '../../../shared/contracts/accounts';
import { accountPaths } from '../../../shared/contracts/api-paths/accounts';
import { apiPost } from '../../lib/api-client';

/** The signed-in fan, or null for a visitor (in lib: other screens read it too). */
export { meQuery } from '../../lib/session';

const auth = accountPaths.auth;

export const accountsApi = {
  signIn: (input: SignInInput) => apiPost(`${auth}/sign-in/email`, input),
  signUp: (input: SignUpInput) => apiPost(`${auth}/sign-up/email`, { ...input, callbackURL: '/login?confirmed=1' }),
  requestReset: (email: string) => apiPost(`${auth}/request-password-reset`, { email, redirectTo: '/login?reset=1' }),
  resetPassword: (token: string, newPassword: string) => apiPost(`${auth}/reset-password`, { token, newPassword }),
  /** Asks for a one-time sign-in link by email (offered when the account's wait refused a sign-in). */
  requestSignInLink: (email: string) => apiPost(`${auth}/sign-in/link`, { email }, signInLinkSentSchema),
};
