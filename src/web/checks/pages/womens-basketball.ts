import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'womens-basketball' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas['womens-basketball']);
