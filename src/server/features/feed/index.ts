// The feed feature's public surface: the only file other code may import.
export { feedJobs, scheduleEveryMs } from './jobs';
export { feedFeature } from './module';
export { createFeedRepo, type FeedGameRow, type FeedRepo } from './repo';
export { feedRoutes } from './routes';
export {
  createFeedService,
  type FeedAudit,
  type FeedBoards,
  type FeedService,
  feedGameFinder,
  feedSports,
  liveGameReader,
} from './service';
