// The payments feature's public surface: the only file other code may import.
export { paymentJobs } from './jobs';
export { paymentsFeature } from './module';
export { createMonthlyRepo, type MonthlyRepo } from './monthly-repo';
export { createPaymentsRepo, type PaymentsRepo } from './repo';
export { paymentRoutes } from './routes';
export { createPaymentsService, type EntryOfPayment, type EntryPaid, type PaymentsService } from './service';
