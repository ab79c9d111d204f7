import { pathOf } from './pattern';

/** Sign-in (Better Auth's routes) and the signed-in fan. On the first load of every screen (the header's user menu). */
export const accountPaths = {
  auth: '/api/auth',
  me: '/api/me',
} as const;

/** The Better Auth endpoints FanGrid registers itself (with its own limits and checks), under `/api/auth`. */
export const authEndpointPaths = {
  signUpEmail: '/api/auth/sign-up/email',
  signInEmail: '/api/auth/sign-in/email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  /** The emailed reset link: redirects to the reset page with its token. */
  resetPasswordLink: pathOf('/api/auth/reset-password/:token'),
  signInLink: '/api/auth/sign-in/link',
  magicLinkVerify: '/api/auth/magic-link/verify',
  verifyEmail: '/api/auth/verify-email',
  signOut: '/api/auth/sign-out',
} as const;
