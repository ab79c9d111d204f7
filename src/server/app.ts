import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiPaths } from '../shared/contracts/paths';
import type { Random } from '../shared/domain/boards';
import { createAppContext } from './app-context';
import { type AppSettings, appSettingsOf, type Config, devDefaults, embeddedConfig } from './config';
import type { Database } from './db/client';
import { accountsFeature, createTwoFactorRule, hashPassword } from './features/accounts';
import { adminFeature } from './features/admin';
import { adminGateFeature, adminRequestCheck, registerAdminGuard } from './features/admin-gate';
import { registerApiDocs } from './features/api-docs';
import { baseballFeature } from './features/baseball';
import { boardsFeature } from './features/boards';
import { contentFeature } from './features/content';
import { demoFeature } from './features/demo';
import { devMailFeature } from './features/dev-mail';
import { fanCentralFeature } from './features/fan-central';
import { FeatureList } from './features/feature';
import { feedFeature } from './features/feed';
import { healthFeature, registerLiveFastPath } from './features/health';
import { orgPagesFeature } from './features/org-pages';
import { orgsFeature, registerOrgGuard } from './features/orgs';
import { partnersFeature } from './features/partners';
import { paymentsFeature } from './features/payments';
import { prizesFeature } from './features/prizes';
import { scoresFeature } from './features/scores';
import { smsFeature } from './features/sms';
import { trackedGamesFeature } from './features/tracked-games';
import { uploadsFeature } from './features/uploads';
import { registerClientKey } from './http/client-address';
import { frameworkErrorReply, registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin';
import { registerSecurityHeaders } from './http/security';
import { registerGracefulClose } from './http/shutdown';
import type { StreamLimits } from './http/stream-limits';
import { registerWebApp } from './http/web';
import { type Clock, systemClock } from './platform/clock';
import { domainEventJobs } from './platform/domain-events';
import type { AppLoggerOptions } from './platform/log-redaction';
import { redactingLoggerOptions } from './platform/log-redaction';
import { mailJobs } from './platform/mail/jobs';
import type { Mailer } from './platform/mail/mailer';
import { createMetrics, type Metrics } from './platform/metrics';
import type { PaymentProvider } from './platform/payments';
import { createDbJobLock, createScheduler } from './platform/scheduler';
import type { ScoresSource } from './platform/scores';
import { type Sms, smsJobs } from './platform/sms';
import type { BlobStorage } from './platform/storage';
import type { WorkerPool } from './platform/workers/pool';
import type { Tasks } from './worker';

export interface AppDeps {
  database: Pick<Database, 'db' | 'ping' | 'listen' | 'poolStats'>;
  /** This instance's Prometheus metrics; made here when omitted (main passes its own to serve them elsewhere). */
  metrics?: Metrics;
  clock?: Clock;
  /** Directory of the built web app; the API alone is served when it is absent. */
  webDir?: string;
  /**
   * Structured (pino) logging options (a level, and a `stream` to write to instead of stdout), or `false` to keep
   * tests quiet. Whatever is given, personal data is redacted (platform/log-redaction).
   */
  logger?: false | AppLoggerOptions;
  /** Where email goes; the database-backed dev outbox when omitted. */
  mailer?: Mailer;
  /** Where texts go; the database-backed dev outbox when omitted. */
  sms?: Sms;
  /** Twilio's auth token, which signs its inbound webhooks; without it the inbound route refuses everything. */
  twilioAuthToken?: string;
  /** The parsed config (main passes it); `settings` override what it gives, and the embedded config fills the rest. */
  config?: Config;
  settings?: Partial<AppSettings>;
  /** Random source for board codes and ticket numbers; cryptographic by default. */
  random?: Random;
  /** Where scoreboards come from; the recorded fixtures when omitted. */
  scores?: ScoresSource;
  /** The payment provider; FanGrid's local test checkout when omitted. */
  payments?: PaymentProvider;
  /** Where uploaded files live; a directory under the system's temp dir when omitted (tests, tools). */
  storage?: BlobStorage;
  /** Told of each route as it is registered, before any (tests walk every route this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Counts open live board streams against the caps; made from the settings when omitted (tests watch it). */
  streamLimits?: StreamLimits;
  /** Told each time a fan's password is checked (tests count the checks that guessing gets). */
  onPasswordCheck?: () => void;
  /**
   * The worker pool for CPU-heavy work (sheets, statements, QR codes, CSV); made from `workers` when omitted.
   * The app closes it when it closes (tests inject one with a tiny queue, or one that counts builds).
   */
  workerPool?: WorkerPool<Tasks>;
  /** Threads (undefined: the machine's parallelism; 0: on the event loop) and the queue's bound (config.workers). */
  workers?: Partial<Config['workers']>;
  /**
   * What a broken ledger of money does when the KPIs or a CSV read it: 'warn' (the default, production) logs
   * each problem as an error and shows it on the KPI page; 'fail' (the tests' default) also fails the read.
   */
  ledgerCheck?: 'warn' | 'fail';
}

/** The API's version in its OpenAPI document. */
const apiVersion = '0.1.0';

/**
 * Every feature, in dependency order: each is built from the platform parts and the features before it (the
 * list checks that at compile time), then each registers its routes in this order.
 */
const features = FeatureList.empty
  .add(healthFeature)
  .add(contentFeature)
  .add(scoresFeature)
  .add(accountsFeature)
  .add(orgsFeature)
  .add(adminGateFeature)
  .add(prizesFeature)
  .add(paymentsFeature)
  .add(boardsFeature)
  .add(adminFeature)
  .add(orgPagesFeature)
  .add(feedFeature)
  .add(baseballFeature)
  .add(trackedGamesFeature)
  .add(fanCentralFeature)
  .add(uploadsFeature)
  .add(partnersFeature)
  .add(devMailFeature)
  .add(demoFeature)
  .add(smsFeature);

/**
 * The given settings over the embedded config's (config.ts holds every default). Only a missing admin hash is
 * computed: the documented development secret, hashed as production's are (argon2 takes a while).
 */
export async function resolveSettings(given: Partial<AppSettings> = {}): Promise<AppSettings> {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<AppSettings>;
  const defaults = appSettingsOf(embeddedConfig(defined.publicUrl));
  return {
    ...defaults,
    ...defined,
    adminPasscodeHash:
      defined.adminPasscodeHash ?? defaults.adminPasscodeHash ?? (await hashPassword(devDefaults.adminPasscode)),
    adminPhraseHash:
      defined.adminPhraseHash ??
      defaults.adminPhraseHash ??
      (await hashPassword(devDefaults.adminPhrase.toLowerCase())),
  };
}

/** Builds the whole HTTP app from its dependencies. Nothing here reads the environment or listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const startedAt = clock.now();
  const settings = await resolveSettings({ ...(deps.config ? appSettingsOf(deps.config) : {}), ...deps.settings });
  const app = Fastify({
    logger: deps.logger ? redactingLoggerOptions(deps.logger) : false,
    // A hop count trusts the nearest n peers (Fastify's types take it as a function of the hop).
    trustProxy:
      typeof settings.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (settings.trustProxy as number)
        : settings.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // Path parameters up to 200 characters: a signed prize claim token is about 110.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorReply,
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // `req.client`: the key every per-address limit counts a request's client under.
  registerClientKey(app);
  // Liveness answers before any other hook runs.
  registerLiveFastPath(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A failure the database caused answers 503 UNAVAILABLE with Retry-After (the probe confirms a hidden cause).
  registerErrorHandling(app, { probe: deps.database.ping, clock });
  const metrics = deps.metrics ?? createMetrics();
  metrics.instrument(app);
  registerGracefulClose(app);
  await registerSecurityHeaders(app, { production: settings.production });
  // The payment webhook is signed by the provider instead (and has no browser Origin).
  registerOriginCheck(app, {
    trustedOrigins: settings.trustedOrigins,
    production: settings.production,
    exempt: [apiPaths.payments.webhook, apiPaths.sms.inbound],
  });
  // Dynamic responses over 1 KB are compressed; built assets are already pre-compressed on disk.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const ctx = await createAppContext(
    app,
    { ...deps, workers: deps.workers ?? deps.config?.workers },
    {
      settings,
      clock,
      metrics,
      startedAt,
    },
  );
  registerAdminGuard(app, ctx.gate);
  // Every route under /api/orgs/:org gets the organization guard for the permission it declares, and, where
  // two-factor authentication is required, refuses platform staff and owners and admins who have not turned it on.
  registerOrgGuard(app, {
    ...ctx,
    secondFactorMissing: settings.twoFactorRequired ? createTwoFactorRule(ctx.db).secondFactorMissing : undefined,
  });
  // The OpenAPI document is built from the routes registered after this.
  await registerApiDocs(app, { isAdmin: adminRequestCheck(ctx.gate), version: apiVersion });
  const { jobsOf } = await features.compose(app, ctx);

  // Periodic work each feature declares, on the injected clock, once per tick across instances. It starts
  // when the app is ready and stops (waiting for a run under way) when the app closes.
  const scheduler = createScheduler({ clock, lock: createDbJobLock(ctx.db), log: app.log });
  for (const job of [
    ...jobsOf('boards'),
    ...smsJobs({ outbox: ctx.smsOutbox }),
    ...jobsOf('prizes'),
    ...mailJobs({ notifications: ctx.mailNotifications }),
    ...jobsOf('feed'),
    ...jobsOf('demo'),
    ...jobsOf('payments'),
    ...domainEventJobs(ctx.domainEvents),
  ]) {
    scheduler.register(metrics.counted(job));
  }
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  await registerWebApp(app, deps.webDir, { production: settings.production });
  return app;
}
