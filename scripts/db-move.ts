// `npm run db:move -- --to postgres://user@host/db [--data-dir DIR]`: copies a stopped FanGrid's PGlite
// database (DATA_DIR/db, or --data-dir) into an empty PostgreSQL database and verifies the copy table by table.
// Uploads stay where DATA_DIR or S3 keeps them. See docs/operations.md, "Moving from PGlite".
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { MoveRefusedError, moveDatabase } from '../src/server/db/move';
import { checkPostgres, DatabaseUnavailableError, databaseProblem } from '../src/server/db/startup-check';

const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('usage: npm run db:move -- --to postgres://user:password@host:5432/database [--data-dir DIR]');
  process.exit(2);
}
const targetUrl = values.to;
const dataDir = values['data-dir'] ?? loadConfig({ DATA_DIR: process.env.DATA_DIR }).pgliteDir;

/** A target that cannot be reached or used stops the move with one line, as a wrong DATABASE_URL stops the server. */
function stop(line: string): never {
  console.error(`db:move stopped: ${line}`);
  process.exit(1);
}

try {
  // A missing database or role, a wrong password or host: said before anything is read or written.
  await checkPostgres(targetUrl);
} catch (err) {
  if (err instanceof DatabaseUnavailableError) stop(err.message);
  throw err;
}
const target = new URL(targetUrl);
console.log(`Moving ${dataDir} to ${target.host}${target.pathname}`);
try {
  const tables = await moveDatabase({ dataDir, targetUrl, log: (line) => console.log(line) });
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Done: ${tables.length} tables, ${rows} rows, counts and checksums verified.`);
  console.log('Next: set DATABASE_URL to the target and start FanGrid; keep DATA_DIR (uploads) or S3 as it was.');
} catch (err) {
  if (err instanceof MoveRefusedError) {
    console.error(`db:move refused: ${err.message}`);
    process.exit(1);
  }
  // The target refusing later (a privilege the migrations need, the server going away) is one line too.
  const problem = databaseProblem(err, targetUrl);
  if (problem) stop(problem);
  throw err;
}
