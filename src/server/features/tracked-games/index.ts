// The tracked games feature's public surface: the only file other code may import.

export { trackedGamesFeature } from './module';
export { createTrackedGamesRepo, type TrackedGamesRepo } from './repo';
export { trackedGameRoutes } from './routes';
export { createTrackedGamesService, type TrackedGamesService } from './service';
