// The baseball feature's public surface: the only file other code may import.

export { baseballFeature } from './module';
export { type BaseballRepo, createBaseballRepo } from './repo';
export { baseballRoutes } from './routes';
export { type BaseballService, createBaseballService } from './service';
