import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { acquireDataDirLock } from '../../src/server/db/lock';
import { MoveRefusedError, moveDatabase } from '../../src/server/db/move';
import { seedDemoContent } from '../../src/server/db/seed';
import { fixedClock } from '../../src/server/platform/clock';
import { apiPaths } from '../../src/shared/contracts/paths';
import { fanPassword, signedInFan } from '../support/accounts';
import { knicksBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { testDatabaseKind } from '../support/test-db';
import { totpCodeOf } from '../support/two-factor';
import { signedInAdmin } from './fake-feed';

// Moving a PGlite data directory into PostgreSQL needs a PostgreSQL server: the api-postgres project only.
const url = process.env.TEST_DATABASE_URL;
const run = testDatabaseKind === 'postgres' && url !== undefined;
const settings = { authSecret: 'test-secret-for-db-move-0123456789abcd' };
const fan = { email: 'mover@example.com', name: 'Mover', phone: '+12025550151' };
const guarded = { email: 'mover-2fa@example.com', name: 'Guarded Mover', phone: '+12025550152' };
let guardedUri = '';
const scratch: string[] = [];
let dir: string;
let dataDir: string;

async function scratchDatabase(): Promise<string> {
  const name = `fangrid_move_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratch.push(name);
  const target = new URL(url ?? '');
  target.pathname = `/${name}`;
  return target.toString();
}

describe.runIf(run)('npm run db:move', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fangrid-move-'));
    dataDir = path.join(dir, 'db');
    // A FanGrid on PGlite with an account, a board with entries, a payment and admin audit rows.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    await seedDemoContent(database.db);
    const clock = fixedClock('2025-06-11T16:00:00Z');
    const app = await buildApp({ database, clock, logger: false, settings });
    await app.ready();
    await signedInFan(database.db, new Client(app, '10.81.0.1'), fan);
    // An account with two-factor on: its (encrypted) secret moves with it.
    const withTwoFactor = await signedInFan(database.db, new Client(app, '10.81.0.4'), guarded);
    const setup = await withTwoFactor.post(apiPaths.twoFactor.enable, { password: fanPassword });
    guardedUri = setup.json().totpURI;
    const on = await withTwoFactor.post(apiPaths.twoFactor.verifyTotp, { code: await totpCodeOf(guardedUri) });
    expect(on.statusCode, on.body).toBe(200);
    const admin = await signedInAdmin(app, '10.81.0.2');
    const made = await admin.post('/api/admin/boards', knicksBoardBody('moved-board', clock.now(), 60));
    expect(made.statusCode, made.body).toBe(201);
    const visitor = new Client(app, '10.81.0.3');
    for (let i = 0; i < 3; i++) {
      const res = await visitor.post(apiPaths.boardEntries('moved-board'), {
        phone: fictionPhone(i),
        nickname: `Mv${i}`,
        ageConfirmed: true,
        rulesAccepted: true,
        idempotencyKey: `db-move-entry-${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const donation = await visitor.post(apiPaths.donations.checkout, {
      kind: 'baseball',
      type: 'one-time',
      amountCents: 2500,
      gameData: { id: 'dodgers-giants', title: 'Dodgers vs Giants', organization: 'FanGrid Baseball Community Fund' },
      donorName: 'Vin Scully',
      donorEmail: 'vin@example.com',
    });
    expect(donation.statusCode, donation.body).toBe(201);
    expect((await admin.post(apiPaths.admin.boardLock('moved-board'))).statusCode).toBe(200);
    await app.close();
    await database.close();
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of scratch) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('copies every table, verifies it, and a server on the target sees everything and signs the same users in', async () => {
    const targetUrl = await scratchDatabase();
    const tables = await moveDatabase({ dataDir, targetUrl, batchSize: 7 });
    const rowsOf = (t: string) => tables.find((r) => r.table === t)?.rows ?? 0;
    expect(rowsOf('user')).toBe(2);
    expect(rowsOf('two_factor')).toBe(1);
    expect(rowsOf('entries')).toBe(3);
    expect(rowsOf('payments')).toBeGreaterThanOrEqual(1);
    expect(rowsOf('audit_log')).toBeGreaterThanOrEqual(1);
    for (const t of tables) expect(t.checksum).toMatch(/^[0-9a-f]{32}$/);

    const database = await openDatabase({ kind: 'postgres', url: targetUrl, max: 4 });
    const app = await buildApp({ database, clock: fixedClock('2025-06-11T16:05:00Z'), logger: false, settings });
    try {
      const board = await app.inject({ method: 'GET', url: '/api/boards/moved-board' });
      expect(board.statusCode).toBe(200);
      expect(board.json().cells.length).toBeGreaterThanOrEqual(3);
      const client = new Client(app, '10.81.0.9');
      const signIn = await client.post('/api/auth/sign-in/email', { email: fan.email, password: fanPassword });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect((await client.get(apiPaths.me)).json().user?.email).toBe(fan.email);
      const second = new Client(app, '10.81.0.11');
      const challenged = await second.post('/api/auth/sign-in/email', { email: guarded.email, password: fanPassword });
      expect(challenged.json().twoFactorRedirect).toBe(true);
      const code = await second.post(apiPaths.twoFactor.verifyTotp, { code: await totpCodeOf(guardedUri) });
      expect(code.statusCode, code.body).toBe(200);
      const admin = await signedInAdmin(app, '10.81.0.10');
      const audit = await admin.get(apiPaths.admin.audit);
      expect(audit.statusCode).toBe(200);
      expect(JSON.stringify(audit.json())).toContain('moved-board');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty', async () => {
    const targetUrl = await scratchDatabase();
    const db = new pg.Client({ connectionString: targetUrl });
    await db.connect();
    await db.query('create table leftover (id int)');
    await db.end();
    await expect(moveDatabase({ dataDir, targetUrl })).rejects.toThrow(/target database is not empty.*leftover/s);
  });

  it('refuses a data directory in use', async () => {
    const targetUrl = await scratchDatabase();
    const lock = acquireDataDirLock(dataDir);
    // The lock of a live process (this one would take it over as its own): pretend another process holds it.
    lock.release();
    const child = execFile(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dataDir, 'fangrid.lock'), String(child.pid));
    try {
      await expect(moveDatabase({ dataDir, targetUrl })).rejects.toThrow(/in use: stop the FanGrid server first/);
    } finally {
      child.kill();
      rmSync(path.join(dataDir, 'fangrid.lock'), { force: true });
    }
  });

  it('refuses when the migration versions differ', async () => {
    const targetUrl = await scratchDatabase();
    const source = await PGlite.create(dataDir);
    const [last] = (
      await source.query<{ id: number; hash: string; created_at: string }>(
        'select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1',
      )
    ).rows;
    await source.query('delete from drizzle.__drizzle_migrations where id = $1', [last?.id]);
    await source.close();
    try {
      const attempt = moveDatabase({ dataDir, targetUrl });
      await expect(attempt).rejects.toBeInstanceOf(MoveRefusedError);
      await expect(moveDatabase({ dataDir, targetUrl })).rejects.toThrow(/Migration versions differ/);
    } finally {
      const restore = await PGlite.create(dataDir);
      await restore.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        last?.id,
        last?.hash,
        last?.created_at,
      ]);
      await restore.close();
    }
  });

  it('says in one line, without the password, that the target database or role does not exist (exit 1)', async () => {
    const exec = promisify(execFile);
    const base = new URL(url ?? '');
    const at = `${base.hostname}:${base.port || '5432'}`;
    const missingDatabase = new URL(base);
    missingDatabase.pathname = '/fangrid_move_no_such_database';
    const missingRole = new URL(base);
    missingRole.username = 'fangrid_no_such_role';
    missingRole.password = 's3cret-move-pw';
    for (const [target, line] of [
      [
        missingDatabase,
        `db:move stopped: database "fangrid_move_no_such_database" does not exist on PostgreSQL at ${at}`,
      ],
      // Under trust authentication (these machines) the server says the role is missing; under password
      // authentication it would only refuse the password, never telling a stranger which roles exist.
      [missingRole, `db:move stopped: role "fangrid_no_such_role" does not exist on PostgreSQL at ${at}`],
    ] as const) {
      const res = await exec('npx', ['tsx', 'scripts/db-move.ts', '--to', target.toString(), '--data-dir', dataDir], {
        cwd: process.cwd(),
      }).catch((e) => e);
      expect(res.code, res.stderr).toBe(1);
      // Nothing else: no stack, no "Moving…" line, and the data directory was not opened (its lock is free).
      expect(res.stderr).toBe(`${line}\n`);
      expect(res.stdout).toBe('');
      expect(res.stderr).not.toContain('s3cret-move-pw');
    }
    expect(() => acquireDataDirLock(dataDir).release()).not.toThrow();
  });

  it('runs as `npm run db:move` and refuses bad arguments', async () => {
    const exec = promisify(execFile);
    const res = await exec('npx', ['tsx', 'scripts/db-move.ts'], { cwd: process.cwd() }).catch((e) => e);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('usage: npm run db:move -- --to postgres://');
  });
});
