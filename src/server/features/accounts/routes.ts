import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerPasswordReset } from './password-routes';
import { type AccountRouteDeps, createAccountRouteKit } from './route-kit';
import { registerSessionRoutes } from './session-routes';
import { registerSignIn, registerSignInLink } from './sign-in-routes';
import { registerSignUp } from './sign-up-routes';
import { registerTwoFactorRoutes } from './two-factor-routes';

/**
 * The account routes, by concern: sign-up (sign-up-routes.ts), sign-in and the one-time sign-in link
 * (sign-in-routes.ts), the password reset (password-routes.ts), two-factor authentication (two-factor-routes.ts), and the rest of Better Auth with who is signed
 * in (session-routes.ts). All are registered on this plugin's instance, so they share its options.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteDeps> = async (app, deps) => {
  const kit = createAccountRouteKit(deps);
  registerSignUp(app, deps, kit);
  registerSignIn(app, deps, kit);
  registerPasswordReset(app, kit);
  registerSignInLink(app, deps, kit);
  registerSessionRoutes(app, deps, kit);
  registerTwoFactorRoutes(app, deps, kit);
};
