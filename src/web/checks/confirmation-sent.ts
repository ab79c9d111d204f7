import { confirmationSentSchema } from '../../shared/contracts/partner-responses';
import { compiledAtBuild } from '../lib/compiled-check';

/** Where a partner form's confirmation email went. */
export const confirmationSentCheck = compiledAtBuild(confirmationSentSchema);
