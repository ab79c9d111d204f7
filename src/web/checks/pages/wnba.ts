import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'wnba' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas.wnba);
