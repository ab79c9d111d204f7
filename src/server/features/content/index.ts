// The content feature's public surface: the only file other code may import.

export { contentFeature } from './module';
export { contentRoutes } from './routes';
