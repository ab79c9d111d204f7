import { tipPaths } from '../../../shared/contracts/api-paths/payments';
import { profilePaths } from '../../../shared/contracts/api-paths/profiles';
import type { GamingPageProfileInput } from '../../../shared/contracts/fan-central';
import { gamingPageProfileResponseSchema } from '../../../shared/contracts/gaming-page-profile';
import { checkoutStartedResponseSchema } from '../../../shared/contracts/payment-responses';
import type { TipCheckoutInput } from '../../../shared/contracts/payments';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';

/** The gaming feature's calls to FanGrid's API: the signed-in fan's gaming page profile, and tips. */
export const fetchGamingPageProfile = async (signal?: AbortSignal) =>
  (await apiGet(profilePaths.gamingPageProfile, gamingPageProfileResponseSchema, { signal })).profile;

export const saveGamingPageProfile = async (input: GamingPageProfileInput) =>
  (await apiPut(profilePaths.gamingPageProfile, input, gamingPageProfileResponseSchema)).profile;

/** Opens a tip's checkout; the answer's url is where the fan pays. */
export const startTipCheckout = (input: TipCheckoutInput) =>
  apiPost(tipPaths.checkout, input, checkoutStartedResponseSchema);
