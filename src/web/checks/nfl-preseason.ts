import { nflPreseasonResponseSchema } from '../../shared/contracts/scores';
import { compiledAtBuild } from '../lib/compiled-check';

/** The sports hub's NFL preseason panel. */
export const nflPreseasonCheck = compiledAtBuild(nflPreseasonResponseSchema);
