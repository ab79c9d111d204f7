import { sportsHubContentSchema } from '../../shared/contracts/content';
import { compiledAtBuild } from '../lib/compiled-check';

/** The sports hub's document. */
export const sportsHubContentCheck = compiledAtBuild(sportsHubContentSchema);
