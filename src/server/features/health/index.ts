// The health feature's public surface: the only file other code may import.
export { healthRoutes, registerLiveFastPath } from './routes';
