// The health feature's public surface: the only file other code may import.

export { healthFeature } from './module';
export { healthRoutes, registerLiveFastPath } from './routes';
