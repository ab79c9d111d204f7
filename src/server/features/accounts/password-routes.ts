import {
  forgotPasswordSchema,
  passwordResetSchema,
  resetPasswordSchema,
  resetRequestedSchema,
} from '../../../shared/contracts/accounts';
import { authErrorCodes } from '../../../shared/contracts/auth-messages';
import { apiPaths } from '../../../shared/contracts/paths';
import { commonPasswordMessage, isCommonPassword } from './passwords';
import { type AccountApp, type AccountRouteKit, callbackURL } from './route-kit';

/** The password reset: asking for the emailed link, and setting the new password (never a common one). */
export function registerPasswordReset(app: AccountApp, kit: AccountRouteKit) {
  const { callAuth, relay, sendError, ipLimited, withinIpLimit } = kit;

  app.post(
    apiPaths.authEndpoints.requestPasswordReset,
    {
      schema: {
        body: forgotPasswordSchema.extend({ redirectTo: callbackURL }),
        response: { 200: resetRequestedSchema },
      },
      config: ipLimited,
    },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      return relay(reply, await callAuth(req, { ...req.body, email: req.body.email.toLowerCase() }));
    },
  );

  app.post(
    apiPaths.authEndpoints.resetPassword,
    { schema: { body: resetPasswordSchema, response: { 200: passwordResetSchema } }, config: ipLimited },
    async (req, reply) => {
      if (!(await withinIpLimit(req, reply))) return reply;
      if (isCommonPassword(req.body.newPassword)) {
        return sendError(reply, 400, authErrorCodes.commonPassword, commonPasswordMessage);
      }
      return relay(reply, await callAuth(req));
    },
  );
}
