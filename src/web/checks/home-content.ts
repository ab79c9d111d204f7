import { homeContentSchema } from '../../shared/contracts/content';
import { compiledAtBuild } from '../lib/compiled-check';

/** The home page's document, on the first paint of /. */
export const homeContentCheck = compiledAtBuild(homeContentSchema);
