/** Texts for accounts, shared by server responses and the login screen (no zod: web-cheap). */
export const authMessages = {
  loginFailed: {
    title: 'Login Failed',
    message: 'Invalid email or password. Please check your credentials and try again.',
  },
  emailNotConfirmed: {
    title: 'Email Not Confirmed',
    message: 'Please check your email and click the confirmation link before logging in.',
  },
  alreadyRegistered: {
    title: 'Sign Up Error',
    message: 'This email is already registered. Please try logging in instead.',
  },
  checkEmailSignUp: {
    title: 'Check your email!',
    message: 'We sent you a confirmation link. Click it to finish creating your account.',
  },
  checkEmailReset: {
    title: 'Check your email!',
    message: "We've sent you a password reset link. Please check your email and follow the instructions.",
  },
  emptyResetEmail: 'Please enter your email address.',
  /** The offer on a sign-in refused by the account-wide wait, and the answer once the link is asked for. */
  signInLinkOffer: 'Email me a sign-in link',
  signInLinkFailed: {
    title: 'Sign-in link',
    message: 'This sign-in link was already used or has expired. Sign in, or ask for a new link.',
  },
  signInLinkSent: {
    title: 'Check your email!',
    message:
      'If an account exists for this email, we sent it a sign-in link. It works once, for 15 minutes, and this browser will not have to wait after it.',
  },
  welcomeBack: 'Welcome back! Successfully logged in.',
  emailConfirmed: { title: 'Email confirmed!', message: 'Welcome! Your account is ready.' },
  confirmationError: {
    title: 'Confirmation Error',
    message: 'This link is invalid or has expired. Please request a new one.',
  },
  adminInvalid: 'Invalid password',
} as const;

export const authErrorCodes = {
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  userExists: 'USER_ALREADY_EXISTS',
  accountLocked: 'ACCOUNT_LOCKED',
  /**
   * A sign-in refused by the account's wait (failures from many networks): the browser may offer a one-time
   * sign-in link by email instead.
   */
  accountSlowed: 'ACCOUNT_SLOWED',
  rateLimited: 'RATE_LIMITED',
  commonPassword: 'PASSWORD_TOO_COMMON',
  invalidToken: 'INVALID_TOKEN',
  adminRequired: 'ADMIN_REQUIRED',
  adminLocked: 'ADMIN_GATE_LOCKED',
  adminInvalid: 'ADMIN_INVALID_PASSWORD',
  /** The admin gate's second step came after its first one expired: start again with the passcode. */
  adminStepExpired: 'ADMIN_STEP_EXPIRED',
  /** The account service failed without a code of its own. */
  authFailed: 'AUTH_FAILED',
  originRejected: 'ORIGIN_REJECTED',
} as const;
