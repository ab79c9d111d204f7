// The prizes feature's public surface: the only file other code may import.

export { prizesFeature } from './module';
export { createPrizesRepo, type PrizesRepo } from './repo';
export { prizeRoutes } from './routes';
export { createPrizesService, type PrizesService, phoneHint, prizeExpiryEveryMs } from './service';
export { signClaimToken, verifyClaimToken } from './token';
