// The content feature's public surface: the only file other code may import.
export { contentRoutes } from './routes';
