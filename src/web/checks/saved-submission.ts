import { savedSubmissionSchema } from '../../shared/contracts/partner-responses';
import { compiledAtBuild } from '../lib/compiled-check';

/** A saved partner form's id and receipt. */
export const savedSubmissionCheck = compiledAtBuild(savedSubmissionSchema);
