// The scores feature's public surface: the only file other code may import.

export { scoresFeature } from './module';
export { createScoresRepo, type ScoresRepo } from './repo';
export { scoresRoutes } from './routes';
export { createScoresService } from './service';
