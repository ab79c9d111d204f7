import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'soccer-tournament' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas['soccer-tournament']);
