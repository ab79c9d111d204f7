import { type CsvValue, csvLine } from './csv';

/** The admin feature's CPU-heavy work, run on a worker thread (src/server/worker.ts): plain in, plain out. */
export const adminTasks = {
  /** One page of an export's rows as CSV lines (quoted, formula-safe, CRLF). */
  csvLines: (rows: readonly (readonly CsvValue[])[]): string => rows.map(csvLine).join(''),
};
