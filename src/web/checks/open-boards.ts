import { openBoardsSchema } from '../../shared/contracts/boards';
import { compiledAtBuild } from '../lib/compiled-check';

/** The boards taking entries now (the home page's and the open boards list's). */
export const openBoardsCheck = compiledAtBuild(openBoardsSchema);
