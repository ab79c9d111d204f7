import { meResponseSchema } from '../../shared/contracts/accounts';
import { compiledAtBuild } from '../lib/compiled-check';

/** `GET /api/me`: the account corner reads it on the first paint of every screen. */
export const meResponseCheck = compiledAtBuild(meResponseSchema);
