// The organizations feature's public surface: the only file other code may import.

export { type OrgAccess, orgAccess, orgAccessOf, organizerActorOf, registerOrgGuard } from './guard';
export { orgsFeature } from './module';
export { createOrgsRepo, type OrgsRepo } from './repo';
export { createOrgsService, type OrgsService } from './service';
