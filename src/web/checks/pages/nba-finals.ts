import { pageSchemas } from '../../../shared/contracts/pages';
import { compiledAtBuild } from '../../lib/compiled-check';

/** The 'nba-finals' content page's document. */
export const pageCheck = compiledAtBuild(pageSchemas['nba-finals']);
