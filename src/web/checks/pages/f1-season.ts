import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'f1-season' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas['f1-season']);
