import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorCodes } from '../shared/contracts/errors';
import { apiPaths } from '../shared/contracts/paths';
import type { Random } from '../shared/domain/boards';
import { type AppSettings, appSettingsOf, type Config, devDefaults, embeddedConfig } from './config';
import type { Database } from './db/client';
import { DEMO_RENEW_EVERY_MS, renewEmptyDemoBoards, seededDemoBoards } from './db/seed/boards';
import { accountRoutes, createAuth, createLoginAttempts, hashPassword, signInKeys } from './features/accounts';
import { adminRoutes, createAdminRepo, createAdminService } from './features/admin';
import { adminGateRoutes, adminRequestCheck, createAdminGate, registerAdminGuard } from './features/admin-gate';
import { registerApiDocs } from './features/api-docs';
import { baseballRoutes, createBaseballRepo, createBaseballService } from './features/baseball';
import {
  boardJobs,
  boardRoutes,
  boardShareRoutes,
  createBoardEndsRepo,
  createBoardsRepo,
  createBoardsService,
  createEntryBudget,
  createFreeEntryCodes,
  createFreeEntryCodesRepo,
  createOpenBoards,
  openBoardRoutes,
} from './features/boards';
import { contentRoutes } from './features/content';
import { createDemoRepo, createDemoService, demoJobs, demoRoutes, demoSlugPattern } from './features/demo';
import { devMailRoutes, devTextsRoutes } from './features/dev-mail';
import { createFanCentralRepo, createFanCentralService, fanCentralRoutes } from './features/fan-central';
import {
  createFeedRepo,
  createFeedService,
  feedGameFinder,
  feedJobs,
  feedRoutes,
  liveGameReader,
} from './features/feed';
import { healthRoutes, registerLiveFastPath } from './features/health';
import { createPartnersRepo, createPartnersService, partnerRoutes } from './features/partners';
import {
  createMonthlyRepo,
  createPaymentsRepo,
  createPaymentsService,
  type EntrySettlement,
  paymentJobs,
  paymentRoutes,
} from './features/payments';
import { createPrizesRepo, createPrizesService, prizeJobs, prizeRoutes } from './features/prizes';
import { createScoresRepo, createScoresService, scoresRoutes } from './features/scores';
import { createSmsRepo, createSmsService, smsRoutes } from './features/sms';
import { createTrackedGamesRepo, createTrackedGamesService, trackedGameRoutes } from './features/tracked-games';
import { createUploadsRepo, createUploadsService, uploadRoutes } from './features/uploads';
import { registerClientKey } from './http/client-address';
import { errorBody, frameworkErrorReply, registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin';
import { registerSecurityHeaders } from './http/security';
import { registerGracefulClose } from './http/shutdown';
import { createStreamLimits, type StreamLimits } from './http/stream-limits';
import { registerWebApp } from './http/web';
import { scoresFixturesDir, scoresReplaysDir, workerEntry } from './paths';
import { type Clock, systemClock } from './platform/clock';
import { createEventHub } from './platform/events';
import { type AppLoggerOptions, redactingLoggerOptions } from './platform/log-redaction';
import { createOutboxMailer, type Mailer } from './platform/mail/mailer';
import { createMailNotifications } from './platform/mail/notifications';
import { bearerMatches, createMetrics, type Metrics } from './platform/metrics';
import { createLocalProvider, type PaymentProvider } from './platform/payments';
import { createRateLimiter } from './platform/rate-limit';
import { createDbJobLock, createScheduler } from './platform/scheduler';
import { countingFailures, createFixtureScoresSource, createScoresFeed, type ScoresSource } from './platform/scores';
import { createDemoReplays } from './platform/scores/demo';
import { createOutboxSms, createSmsOutbox, type Sms } from './platform/sms';
import { type BlobStorage, createDiskStorage } from './platform/storage';
import {
  createInlineWorkerPool,
  createWorkerPool,
  defaultWorkerQueueMax,
  type WorkerPool,
} from './platform/workers/pool';
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

const cryptoRandom: Random = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** How long an instance holds a text it is sending before another may take it over (above any request timeout). */
const smsLeaseMs = 2 * 60_000;

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
  const settings = await resolveSettings(deps.settings);
  const paymentProvider =
    deps.payments ?? createLocalProvider({ publicUrl: settings.publicUrl, secret: settings.authSecret });
  if (settings.production && paymentProvider.testMode && !settings.paymentsTestMode) {
    // The config refuses this too; an app built another way must not hand out free paid entries either.
    throw new Error('Production needs a live payment provider (or paymentsTestMode on a staging server).');
  }
  const { db } = deps.database;
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

  const outbox = createOutboxMailer({ db, from: settings.mailFrom, clock });
  const mailer = deps.mailer ?? outbox;
  // Every text goes through the outbox table; the scheduler's job hands it to Twilio or the dev outbox.
  const devTexts = createOutboxSms({ db, clock });
  const smsOutbox = createSmsOutbox({
    db,
    sms: deps.sms ?? devTexts,
    clock,
    random: deps.random ?? cryptoRandom,
    leaseMs: smsLeaseMs,
    log: app.log,
  });
  // Board emails (lock, win, correction) to entries of an account: an outbox table sent by the scheduler.
  const mailNotifications = createMailNotifications({
    db,
    mailer,
    clock,
    random: deps.random ?? cryptoRandom,
    leaseMs: smsLeaseMs,
    log: app.log,
  });
  const limiter = createRateLimiter(db, clock);
  // CPU-heavy work (PDFs, QR codes, CSV) runs on worker threads, started with the first task, closed with the app.
  const workers =
    deps.workerPool ??
    (deps.workers?.threads === 0
      ? createInlineWorkerPool<Tasks>(async () => (await import('./worker')).tasks)
      : createWorkerPool<Tasks>({
          filename: workerEntry,
          threads: deps.workers?.threads,
          maxQueue: deps.workers?.queueMax ?? defaultWorkerQueueMax,
        }));
  app.addHook('onClose', async () => workers.close());
  const loginAttempts = createLoginAttempts(db, clock);
  const auth = createAuth({
    db,
    mailer,
    loginAttempts,
    log: app.log,
    // The emailed reset link always lets the owner back in: it clears every sign-in counter of the account.
    onPasswordReset: (email) => limiter.clearPrefix(signInKeys(email).all),
    onPasswordCheck: deps.onPasswordCheck,
    settings: {
      publicUrl: settings.publicUrl,
      trustedOrigins: settings.trustedOrigins,
      secret: settings.authSecret,
      production: settings.production,
    },
  });
  const gate = createAdminGate({
    db,
    clock,
    limiter,
    loginAttempts,
    passcodeHash: settings.adminPasscodeHash,
    phraseHash: settings.adminPhraseHash,
  });
  registerAdminGuard(app, gate);
  // The OpenAPI document is built from the routes registered after this.
  await registerApiDocs(app, { isAdmin: adminRequestCheck(gate), version: apiVersion });

  // Live updates: LISTEN from the start, so health tells whether this process hears other instances.
  const events = createEventHub(deps.database, {
    onStateChange: (state) =>
      state === 'ok'
        ? app.log.info('live updates: listening for other instances')
        : app.log.warn('live updates: the LISTEN connection is down; reconnecting'),
  });
  app.addHook('onClose', async () => events.close());
  await events.start();
  await app.register(healthRoutes, {
    apiGroup: 'health',
    ping: deps.database.ping,
    realtime: events.state,
    clock,
    startedAt,
  });
  await app.register(contentRoutes, { apiGroup: 'content', db });
  // The demo's recurring games are replayed by the fixtures source (a given source must list them itself).
  const scoresSource =
    deps.scores ??
    createFixtureScoresSource({
      dir: scoresFixturesDir,
      clock,
      demo: settings.demoRounds ? createDemoReplays(scoresReplaysDir) : undefined,
    });
  const scoresFeed = createScoresFeed({
    source: scoresSource,
    clock,
    onError: (feed, err) => {
      metrics.feedFailed(feed);
      app.log.warn({ feed, err: (err as Error).message }, 'scores feed failed; counted as empty');
    },
  });
  await app.register(scoresRoutes, {
    apiGroup: 'scores',
    service: createScoresService({ feed: scoresFeed, repo: createScoresRepo(db), clock }),
  });
  await app.register(accountRoutes, {
    apiGroup: 'accounts',
    auth,
    db,
    limiter,
    loginAttempts,
    publicUrl: settings.publicUrl,
    clock,
    ipLimit: { max: settings.authRateLimitPerMinute, windowMs: 60_000 },
    secret: settings.authSecret,
    secureCookies: settings.production,
  });
  await app.register(adminGateRoutes, { apiGroup: 'admin-gate', gate, secureCookies: settings.production });
  // Without a cookie there is no session to look up (a visitor): skip the query.
  const viewerOf = async (headers: Headers) =>
    headers.has('cookie') ? { userId: (await auth.api.getSession({ headers }))?.user.id ?? null } : { userId: null };
  // Boards and payments need each other: a paid entry opens a payment's checkout, and a settled entry payment
  // settles the entry's held cells. Payments is built first, taking a settlement port that forwards to the boards
  // service built just below (boards takes payments' checkout directly). The port is called only when a payment
  // settles (a webhook or the expiry job), never while the app is being built, so it always finds the service.
  const entrySettlement: EntrySettlement = {
    onEntryPaid: (paymentId, paid) => boardsService.onEntryPaid(paymentId, paid),
    onEntryUnpaid: (paymentId) => boardsService.onEntryUnpaid(paymentId),
    entryOfPayment: (paymentId) => boardsService.entryOfPayment(paymentId),
  };
  const payments = createPaymentsService({
    repo: createPaymentsRepo(db),
    monthlyRepo: createMonthlyRepo(db),
    limiter,
    entrySettlement,
    provider: paymentProvider,
    clock,
    mailer,
    publicUrl: settings.publicUrl,
    log: app.log,
    // The test clock renews a local monthly gift now: a development tool, never in production.
    testClock: !settings.production && paymentProvider.kind === 'local',
    renderStatement: (input) => workers.run('givingStatement', input),
  });
  // The feed's schedule and live games (the scores platform's source, so `live` reads go to SCORES_BASE_URL).
  const feed = createFeedService({
    repo: createFeedRepo(db),
    // Its failed fetches are logged and skipped there; they count in the metrics like the ticker's.
    source: countingFailures(scoresSource, (league) => metrics.feedFailed(league)),
    clock,
    scheduleDays: settings.scoresScheduleDays,
    log: app.log,
    // The boards service is built below; the lifecycle calls it only from its job, once the app runs.
    boards: {
      lock: (slug) => boardsService.lock(slug),
      end: (slug, cause) => boardsService.end(slug, cause),
      tellCancelled: (slug) => boardsService.tellCancelled(slug),
      tellEntrants: (slug, notice) => boardsService.tellEntrants(slug, notice),
      setFeedProblem: (slug, problem) => boardsService.setFeedProblem(slug, problem),
      score: (slug, input, source) => boardsService.score(slug, input, source),
      moveGame: (gameId, startsAt) => boardsService.moveGame(gameId, startsAt),
      view: (slug) => boardsService.view(slug),
    },
    // The feed's corrections of a scored period go to the admin audit log (built below), as the actor 'feed'.
    audit: (change) => adminService.recordChange('feed', change),
  });
  await app.register(feedRoutes, { apiGroup: 'feed', service: feed });
  // Every public path that creates an entry takes from one per-address budget (ENTRY_LIMIT_PER_MINUTE).
  const entryBudget = createEntryBudget({ limiter, clock, perMinute: settings.entryLimitPerMinute });
  // Prizes follow each scoring in its transaction and text winners through the sms outbox.
  // Demo boards are told apart by the seeded demo's boards and the demo rounds' slugs (the KPIs can leave them out).
  const demoBoards = { seeded: seededDemoBoards(), roundSlugPattern: demoSlugPattern };
  const adminRepo = createAdminRepo(db, demoBoards);
  const prizes = createPrizesService({
    db,
    repo: createPrizesRepo(db),
    clock,
    random: deps.random ?? cryptoRandom,
    secret: settings.authSecret,
    publicUrl: settings.publicUrl,
    outbox: smsOutbox,
    limiter,
    audit: (q, event) => adminRepo.audit(q, { at: clock.now(), ...event }),
    mail: mailNotifications,
    qr: async (link) => (await workers.run('boardQr', link)).svg,
  });
  // A free entry's number is confirmed by a texted one-time code (the only text sent without consent).
  const freeEntryCodes = createFreeEntryCodes({
    db,
    repo: createFreeEntryCodesRepo(db),
    clock,
    limiter,
    outbox: smsOutbox,
    secret: settings.authSecret,
  });
  const boardsWith = (q: typeof db) =>
    createBoardsService({
      prizes: prizes.boardPrizesIn(q),
      repo: createBoardsRepo(q),
      endsRepo: createBoardEndsRepo(q),
      clock,
      random: deps.random ?? cryptoRandom,
      holdMs: settings.holdMs,
      checkout: (input) => payments.startEntryCheckout(input),
      entryBudget,
      entriesPerPhone: settings.entriesPerPhonePerBoard,
      excludedStates: settings.excludedStates,
      freeEntryCodes,
      // Read in the caller's transaction (PGlite has one connection: a read beside it would wait for it).
      feedGames: feedGameFinder(createFeedRepo(q)),
      liveGame: liveGameReader(createFeedRepo(q)),
      // A cancelled board's paid entries are refunded through payments' refund path (tellCancelled runs on the
      // service outside any transaction).
      refunds: { refundEntryPayment: (paymentId) => payments.refundEntryPayment(paymentId) },
      mailer,
      publicUrl: settings.publicUrl,
      log: app.log,
    });
  const boardsService = boardsWith(db);
  const streamLimits =
    deps.streamLimits ??
    createStreamLimits({ perClient: settings.sseMaxPerClient, perInstance: settings.sseMaxPerInstance });
  await app.register(boardRoutes, {
    apiGroup: 'boards',
    service: boardsService,
    events,
    viewerOf,
    limits: streamLimits,
    entryLimit: entryBudget.limit,
  });
  metrics.attach({ db, streamsOpen: () => streamLimits.open(), pool: deps.database.poolStats });
  // Metrics are not public: here only with the bearer token; otherwise this port does not have them.
  app.get(apiPaths.metrics, { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const token = settings.metricsToken;
    if (!token || !bearerMatches(req.headers.authorization, token)) {
      return reply.code(404).send(errorBody(errorCodes.notFound, 'Not found.'));
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });
  await app.register(boardShareRoutes, {
    apiGroup: 'boards',
    service: boardsService,
    publicUrl: settings.publicUrl,
    clock,
    limiter,
    render: {
      sheet: (input) => workers.run('boardSheet', input),
      qr: (link) => workers.run('boardQr', link),
    },
  });
  const adminService = createAdminService({
    db,
    repo: adminRepo,
    clock,
    boardsIn: boardsWith,
    afterCancel: (slug) => boardsService.tellCancelled(slug),
    // A deleted or refunded entry's checkout payment goes back through payments' refund path; the fan is told
    // through the same outboxes as the board's other texts and emails.
    refunds: { refundEntryPayment: (paymentId) => payments.refundEntryPayment(paymentId) },
    outbox: smsOutbox,
    mail: mailNotifications,
    log: app.log,
    afterVoid: (slug) => boardsService.tellVoided(slug),
    excludedStates: settings.excludedStates,
    liveGame: liveGameReader(createFeedRepo(db)),
    csvLines: (rows) => workers.run('csvLines', rows),
    demoBoards,
    ledgerCheck: deps.ledgerCheck,
  });
  await app.register(prizeRoutes, {
    apiGroup: 'prizes',
    service: prizes,
    clock,
    userOf: async (headers) => (await viewerOf(headers)).userId,
    emailOf: async (headers) => (await auth.api.getSession({ headers }))?.user.email ?? null,
  });
  await app.register(adminRoutes, {
    apiGroup: 'admin',
    service: adminService,
    clock,
    emailOf: async (headers) => (await auth.api.getSession({ headers }))?.user.email ?? null,
  });
  await app.register(baseballRoutes, {
    apiGroup: 'baseball',
    service: createBaseballService({ repo: createBaseballRepo(db), clock, entryBudget }),
    viewerOf,
    entryLimit: entryBudget.limit,
  });
  const userOf = async (headers: Headers) => (await viewerOf(headers)).userId;
  const trackedGames = createTrackedGamesService({ repo: createTrackedGamesRepo(db), clock });
  await app.register(trackedGameRoutes, { apiGroup: 'tracked-games', service: trackedGames, userOf });
  await app.register(fanCentralRoutes, {
    apiGroup: 'fan-central',
    service: createFanCentralService({ repo: createFanCentralRepo(db), clock, trackedGames }),
    userOf,
    linkEntries: (input) => boardsService.linkEntries(input),
    limiter,
    clock,
  });
  await app.register(paymentRoutes, {
    apiGroup: 'payments',
    service: payments,
    viewerOf,
    secureCookies: settings.production,
  });
  const uploads = createUploadsService({
    repo: createUploadsRepo(db),
    storage: deps.storage ?? createDiskStorage(path.join(tmpdir(), 'fangrid-uploads')),
    clock,
    publicUrl: settings.publicUrl,
  });
  await app.register(uploadRoutes, { apiGroup: 'uploads', service: uploads });
  await app.register(partnerRoutes, {
    apiGroup: 'partners',
    service: createPartnersService({
      repo: createPartnersRepo(db),
      mailer,
      clock,
      inbox: settings.partnersInbox,
      onMailError: (what, err) => app.log.error({ err }, `${what} email failed`),
    }),
    uploads,
    limiter,
    clock,
    perHour: settings.partnersRateLimitPerHour,
  });
  if (!settings.production && mailer.kind === 'outbox')
    await app.register(devMailRoutes, { apiGroup: 'dev-mail', outbox });
  // The embedded demo's recurring boards: set up, filled and (through the feed's lifecycle) scored by themselves.
  const demo =
    settings.demoRounds && scoresSource.kind === 'fixtures'
      ? createDemoService({
          repo: createDemoRepo(db),
          clock,
          source: scoresSource,
          feed,
          boards: boardsService,
          log: app.log,
        })
      : undefined;
  if (demo) await app.register(demoRoutes, { apiGroup: 'demo', service: demo });
  await app.register(openBoardRoutes, {
    apiGroup: 'boards',
    openBoards: createOpenBoards({ db, clock, ...(demo ? { demoLive: () => demo.current('live') } : {}) }),
  });
  if (!settings.production && (deps.sms ?? devTexts).kind === 'outbox') {
    await app.register(devTextsRoutes, { apiGroup: 'dev-mail', texts: smsOutbox });
  }
  await app.register(smsRoutes, {
    apiGroup: 'sms',
    service: createSmsService({ db, repo: createSmsRepo(), outbox: smsOutbox, clock }),
    authToken: deps.twilioAuthToken,
    publicUrl: settings.publicUrl,
  });

  // Periodic work each feature declares, on the injected clock, once per tick across instances. It starts
  // when the app is ready and stops (waiting for a run under way) when the app closes.
  const scheduler = createScheduler({ clock, lock: createDbJobLock(db), log: app.log });
  for (const job of [
    ...boardJobs({ service: boardsService, holdMs: settings.holdMs }),
    smsOutbox.job(),
    ...prizeJobs({ service: prizes }),
    mailNotifications.job(),
    ...feedJobs({ service: feed, pollMs: settings.scoresPollSeconds * 1000 }),
    ...(demo ? demoJobs({ service: demo }) : []),
    // The seeded demo boards nobody entered open again once their game has started (db/seed/boards.ts).
    ...(settings.seedDemo
      ? [
          {
            name: 'demo:renew-empty-boards',
            intervalMs: DEMO_RENEW_EVERY_MS,
            run: () => renewEmptyDemoBoards(db, clock, settings.demoStartAfterMs),
          },
        ]
      : []),
    // The expiry job hands its signed events to the webhook's own handler, not through HTTP: it must finish
    // while the app closes, when the server already refuses requests.
    ...paymentJobs({
      service: payments,
      deliver: async (event) => (await payments.receiveWebhook(event.raw, event.signature)).applied === true,
    }),
  ]) {
    scheduler.register(metrics.counted(job));
  }
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  await registerWebApp(app, deps.webDir, { production: settings.production });
  return app;
}
