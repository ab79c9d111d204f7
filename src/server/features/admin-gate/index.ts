// The admin gate's public surface: the only file other code may import.

export { adminGateFeature } from './module';
export { actorOf, adminGateRoutes, adminRequestCheck, adminSessionOf, registerAdminGuard } from './routes';
export { type AdminGate, type AdminSession, createAdminGate } from './service';
