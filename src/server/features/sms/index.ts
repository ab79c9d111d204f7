// Texts from fans (the provider's inbound webhook: STOP, START, HELP): the only file other code may import.

export { smsFeature } from './module';
export { createSmsRepo } from './repo';
export { smsRoutes } from './routes';
export { createSmsService, type InboundOutcome, type SmsService } from './service';
