// The scores feature's public surface: the only file other code may import.
export { createScoresRepo, type ScoresRepo } from './repo';
export { scoresRoutes } from './routes';
export { createScoresService } from './service';
