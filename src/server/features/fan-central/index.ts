// The fan central feature's public surface: the only file other code may import.
export type { TrackedGamesImport } from './common';
export { fanCentralFeature } from './module';
export { createFanCentralRepo, type FanCentralRepo } from './repo';
export { fanCentralRoutes } from './routes';
export { createFanCentralService, type FanCentralService } from './service';
