// The prizes feature's public surface: the only file other code may import.
export { phoneHint } from './claim';
export { prizeExpiryEveryMs, prizeJobs } from './jobs';
export { prizesFeature } from './module';
export { createPrizesRepo, type PrizesRepo } from './repo';
export { prizeRoutes } from './routes';
export { createPrizesService, type PrizesService } from './service';
export { signClaimToken, verifyClaimToken } from './token';
