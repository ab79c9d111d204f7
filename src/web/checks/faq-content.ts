import { faqContentSchema } from '../../shared/contracts/content';
import { compiledAtBuild } from '../lib/compiled-check';

/** The FAQ's document. */
export const faqContentCheck = compiledAtBuild(faqContentSchema);
