import { tickerResponseSchema } from '../../shared/contracts/scores';
import { compiledAtBuild } from '../lib/compiled-check';

/** The live score ticker's four feeds. */
export const tickerCheck = compiledAtBuild(tickerResponseSchema);
