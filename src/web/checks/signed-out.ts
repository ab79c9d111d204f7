import { signedOutSchema } from '../../shared/contracts/accounts';
import { compiledAtBuild } from '../lib/compiled-check';

/** The answer to the header's Sign out, on every screen. */
export const signedOutCheck = compiledAtBuild(signedOutSchema);
