// The partners feature's public surface: the only file other code may import.

export { partnersFeature } from './module';
export { createPartnersRepo, type PartnersRepo } from './repo';
export { partnerRoutes } from './routes';
export { createPartnersService, type PartnersService } from './service';
