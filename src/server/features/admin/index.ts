// The admin feature's public surface: the only file other code may import.

export { CSV_BOM, type CsvValue, csvLine, dollars } from './csv';
export { type AdminLedger, createAdminLedger } from './ledger';
export { adminFeature } from './module';
export { type AdminRepo, createAdminRepo } from './repo';
export { adminRoutes } from './routes';
export { type AdminBoards, type AdminService, createAdminService } from './service';
