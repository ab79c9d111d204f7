// The payments feature's public surface: the only file other code may import.
export { paymentJobs } from './jobs';
export { createMonthlyRepo, type MonthlyRepo } from './monthly-repo';
export { createPaymentsRepo, type PaymentsRepo } from './repo';
export { paymentRoutes } from './routes';
export { createPaymentsService, type EntryPaid, type EntrySettlement, type PaymentsService } from './service';
