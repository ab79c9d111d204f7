import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'baseball' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas.baseball);
