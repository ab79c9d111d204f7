// The boards feature's public surface: the only file other code may import.
export type { BoardEnds, EndCause, EntrantNotice } from './ends';
export { type BoardEndsRepo, createBoardEndsRepo } from './ends-repo';
export { createEntryBudget, type EntryBudget } from './entry-budget';
export { publishBoardEvent } from './events';
export { createFreeEntryCodes, type FreeEntryCodes } from './free-entry-codes';
export { createFreeEntryCodesRepo } from './free-entry-codes-repo';
export { boardJobs, lockDueEveryMs } from './jobs';
export { boardsFeature } from './module';
export { createOpenBoards, type OpenBoardsReader, takingEntriesSql } from './open-boards';
export { OPEN_BOARDS_MAX_AGE_S, openBoardRoutes } from './open-boards-routes';
export { qrSvg } from './qr';
export { type BoardsRepo, createBoardsRepo } from './repo';
export { boardRoutes } from './routes';
export {
  type BoardPrizes,
  type BoardsService,
  createBoardsService,
  type EntryCheckout,
  type EntryRefunds,
  newDrawSeed,
  type ScoredAward,
  waitingForOfficialScore,
} from './service';
export { boardShareRoutes } from './share-routes';
