import { type StatementInput, statementPdf } from './statement';

/** The payments feature's CPU-heavy work, run on a worker thread (src/server/worker.ts): plain in, plain out. */
export const paymentTasks = {
  /** The year-end giving statement's PDF bytes. */
  givingStatement: (input: StatementInput): Promise<Uint8Array> => statementPdf(input),
};
