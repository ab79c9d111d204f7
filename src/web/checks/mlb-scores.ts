import { mlbScoresResponseSchema } from '../../shared/contracts/scores';
import { compiledAtBuild } from '../lib/compiled-check';

/** The sports hub's MLB weekend card. */
export const mlbScoresCheck = compiledAtBuild(mlbScoresResponseSchema);
