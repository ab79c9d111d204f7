// The boards feature's public surface: the only file other code may import.
export { createEntryBudget, type EntryBudget } from './entry-budget';
export { boardJobs } from './jobs';
export { type BoardsRepo, createBoardsRepo } from './repo';
export { boardRoutes } from './routes';
export { type BoardsService, createBoardsService, defaultHoldMs, type EntryCheckout, newDrawSeed } from './service';
