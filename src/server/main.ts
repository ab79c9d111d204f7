import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedDemoContent } from './db/seed';
import { seedDemoBoards } from './db/seed/boards';
import { seedDemoOrganizations } from './db/seed/organizations';
import { checkPostgres, DatabaseUnavailableError, databaseProblem } from './db/startup-check';
import { hashPassword } from './features/accounts';
import { newDrawSeed } from './features/boards';
import { listenOn } from './http/listen';
import { serveMetrics } from './http/metrics-port';
import { scoresFixturesDir, scoresReplaysDir, webDistDir } from './paths';
import { systemClock } from './platform/clock';
import { createSmtpMailer } from './platform/mail/mailer';
import { createMetrics } from './platform/metrics';
import { createStripeProvider } from './platform/payments';
import { createFixtureScoresSource, createHttpScoresSource } from './platform/scores';
import { createDemoReplays } from './platform/scores/demo';
import { createTwilioSms } from './platform/sms';
import { createDiskStorage, createS3Storage } from './platform/storage';

/** Process entry: config -> database -> migrate -> seed -> app -> listen, with a graceful shutdown. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // One problem prints one line; several print one line each under the heading.
      console.error(`FanGrid cannot start.${err.problems.length === 1 ? ' ' : '\n'}${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let database: Database;
  try {
    // A wrong DATABASE_URL (host, port, credentials, database) stops here with one line, not a stack.
    if (config.databaseUrl) await checkPostgres(config.databaseUrl);
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`FanGrid cannot start.\n${err.message}`);
      process.exit(1);
    }
    if (err instanceof DatabaseUnavailableError) {
      console.error(`FanGrid cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let app: FastifyInstance | undefined;
  let metricsServer: FastifyInstance | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      console.error('FanGrid: shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await metricsServer?.close();
      await app?.close();
    } finally {
      await database.close();
      app?.log.info('shutdown complete');
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await database.migrate();
    if (config.seedDemo) {
      await seedDemoContent(database.db);
      await seedDemoBoards(database.db, systemClock, () => newDrawSeed().seed, config.demoStartAfterMs);
      // Development sign-ins with a public password: never in production.
      if (config.env !== 'production') await seedDemoOrganizations(database.db, hashPassword, systemClock.now());
    }
    const mailer = config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : undefined;
    const { storage: where } = config;
    const storage = where.kind === 's3' ? createS3Storage(where) : createDiskStorage(where.dir);
    const metrics = createMetrics();
    app = await buildApp({
      metrics,
      database,
      webDir: webDistDir,
      logger: { level: config.logLevel },
      mailer,
      sms: config.twilio ? createTwilioSms(config.twilio) : undefined,
      twilioAuthToken: config.twilio?.authToken,
      storage,
      scores:
        config.scores.source === 'live'
          ? createHttpScoresSource({ baseUrl: config.scores.baseUrl, timeoutMs: config.scores.timeoutMs })
          : createFixtureScoresSource({
              dir: scoresFixturesDir,
              clock: systemClock,
              demo: config.demoRounds ? createDemoReplays(scoresReplaysDir) : undefined,
            }),
      payments: config.stripe ? createStripeProvider(config.stripe) : undefined,
      config,
    });
    app.addHook('onClose', async () => {
      mailer?.close();
      storage.close?.();
    });
    const port = await listenOn(app, config.host, config.port);
    if (config.metrics.port !== undefined) {
      metricsServer = await serveMetrics(metrics, {
        host: config.host,
        port: config.metrics.port,
        token: config.metrics.token,
      });
    }
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    app.log.info(
      { database: database.kind, dataDir: database.kind === 'pglite' ? config.pgliteDir : undefined, port },
      `FanGrid is running on http://${host}:${port}`,
    );
  } catch (err) {
    // The database refusing us later (a privilege the migrations need, a server going away) is one line too.
    const problem = config.databaseUrl ? databaseProblem(err, config.databaseUrl) : null;
    if (problem) console.error(`FanGrid cannot start: ${problem}`);
    else console.error('FanGrid failed to start:', err);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
