// The dev mail outbox's public surface: the only file other code may import.

export { devMailFeature } from './module';
export { devMailRoutes, devTextsRoutes } from './routes';
