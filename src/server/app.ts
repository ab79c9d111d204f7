import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiPaths } from '../shared/contracts/paths';
import type { Random } from '../shared/domain/boards';
import { type Config, devDefaults } from './config';
import type { Database } from './db/client';
import { accountRoutes, createAuth, createLoginAttempts, hashPassword, signInKeys } from './features/accounts';
import { adminRoutes, createAdminRepo, createAdminService } from './features/admin';
import { adminGateRoutes, createAdminGate, registerAdminGuard } from './features/admin-gate';
import { baseballRoutes, createBaseballRepo, createBaseballService } from './features/baseball';
import {
  boardJobs,
  boardRoutes,
  createBoardsRepo,
  createBoardsService,
  createEntryBudget,
  defaultHoldMs,
} from './features/boards';
import { contentRoutes } from './features/content';
import { devMailRoutes } from './features/dev-mail';
import { createFanCentralRepo, createFanCentralService, fanCentralRoutes } from './features/fan-central';
import {
  createFeedRepo,
  createFeedService,
  feedGameFinder,
  feedJobs,
  feedRoutes,
  liveGameReader,
  scheduleEveryMs,
} from './features/feed';
import { healthRoutes } from './features/health';
import { createPartnersRepo, createPartnersService, partnerRoutes } from './features/partners';
import {
  createPaymentsRepo,
  createPaymentsService,
  type EntrySettlement,
  paymentJobs,
  paymentRoutes,
} from './features/payments';
import { createScoresRepo, createScoresService, scoresRoutes } from './features/scores';
import { createTrackedGamesRepo, createTrackedGamesService, trackedGameRoutes } from './features/tracked-games';
import { createUploadsRepo, createUploadsService, uploadRoutes } from './features/uploads';
import { frameworkErrorReply, registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin';
import { registerSecurityHeaders } from './http/security';
import { registerGracefulClose } from './http/shutdown';
import { createStreamLimits, type StreamLimits } from './http/stream-limits';
import { registerWebApp } from './http/web';
import { scoresFixturesDir } from './paths';
import { type Clock, systemClock } from './platform/clock';
import { createEventHub } from './platform/events';
import { createOutboxMailer, type Mailer } from './platform/mail/mailer';
import { createLocalProvider, type PaymentProvider } from './platform/payments';
import { createRateLimiter } from './platform/rate-limit';
import { createDbJobLock, createScheduler } from './platform/scheduler';
import { createFixtureScoresSource, createScoresFeed, type ScoresSource } from './platform/scores';
import { type BlobStorage, createDiskStorage } from './platform/storage';

/**
 * What the app runs with: these settings mean what they mean in the config (config.ts documents each), except
 * that the admin hashes are always set here (`resolveSettings` gives development its documented defaults).
 */
export interface AppSettings
  extends Pick<
    Config,
    | 'publicUrl'
    | 'trustedOrigins'
    | 'trustProxy'
    | 'authSecret'
    | 'mailFrom'
    | 'authRateLimitPerMinute'
    | 'holdMs'
    | 'paymentsTestMode'
    | 'partnersInbox'
    | 'partnersRateLimitPerHour'
    | 'sseMaxPerClient'
    | 'sseMaxPerInstance'
    | 'entryLimitPerMinute'
    | 'entriesPerPhonePerBoard'
    | 'scoresScheduleDays'
    | 'scoresPollSeconds'
  > {
  production: boolean;
  /** argon2id hashes of the admin passcode and of the lower-cased admin phrase. */
  adminPasscodeHash: string;
  adminPhraseHash: string;
}

export interface AppDeps {
  database: Pick<Database, 'db' | 'ping' | 'listen'>;
  clock?: Clock;
  /** Directory of the built web app; the API alone is served when it is absent. */
  webDir?: string;
  /** Structured (pino) logging options, or `false` to keep tests quiet. */
  logger?: false | { level: string };
  /** Where email goes; the database-backed dev outbox when omitted. */
  mailer?: Mailer;
  settings?: Partial<AppSettings>;
  /** Random source for board codes and ticket numbers; cryptographic by default. */
  random?: Random;
  /** Where scoreboards come from; the recorded fixtures when omitted. */
  scores?: ScoresSource;
  /** The payment provider; FanGrid's local test checkout when omitted. */
  payments?: PaymentProvider;
  /** Where uploaded files live; a directory under the system's temp dir when omitted (tests, tools). */
  storage?: BlobStorage;
  /** Counts open live board streams against the caps; made from the settings when omitted (tests watch it). */
  streamLimits?: StreamLimits;
}

const cryptoRandom: Random = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * The given settings, with development defaults for whatever is unset: the documented dev secrets,
 * hashed the same way as production's. Only a missing admin hash is computed (argon2 takes a while).
 */
export async function resolveSettings(given: Partial<AppSettings> = {}): Promise<AppSettings> {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<AppSettings>;
  const publicUrl = defined.publicUrl ?? 'http://localhost:3000';
  return {
    publicUrl,
    trustedOrigins: [new URL(publicUrl).origin],
    trustProxy: false,
    authSecret: devDefaults.authSecret,
    production: false,
    mailFrom: 'FanGrid <no-reply@fangrid.local>',
    authRateLimitPerMinute: 20,
    holdMs: defaultHoldMs,
    partnersInbox: 'partners@fangrid.local',
    partnersRateLimitPerHour: 20,
    paymentsTestMode: !defined.production,
    sseMaxPerClient: 20,
    sseMaxPerInstance: 5000,
    entryLimitPerMinute: 30,
    entriesPerPhonePerBoard: 10,
    scoresScheduleDays: 7,
    scoresPollSeconds: 30,
    ...defined,
    adminPasscodeHash: defined.adminPasscodeHash ?? (await hashPassword(devDefaults.adminPasscode)),
    adminPhraseHash: defined.adminPhraseHash ?? (await hashPassword(devDefaults.adminPhrase.toLowerCase())),
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
    logger: deps.logger ?? false,
    // A hop count trusts the nearest n peers (Fastify's types take it as a function of the hop).
    trustProxy:
      typeof settings.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (settings.trustProxy as number)
        : settings.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerGracefulClose(app);
  await registerSecurityHeaders(app, { production: settings.production });
  // The payment webhook is signed by the provider instead (and has no browser Origin).
  registerOriginCheck(app, {
    trustedOrigins: settings.trustedOrigins,
    production: settings.production,
    exempt: [apiPaths.payments.webhook],
  });
  // Dynamic responses over 1 KB are compressed; built assets are already pre-compressed on disk.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const outbox = createOutboxMailer({ db, from: settings.mailFrom, clock });
  const mailer = deps.mailer ?? outbox;
  const limiter = createRateLimiter(db, clock);
  const loginAttempts = createLoginAttempts(db, clock);
  const auth = createAuth({
    db,
    mailer,
    loginAttempts,
    // The emailed reset link always lets the owner back in: it clears every sign-in counter of the account.
    onPasswordReset: (email) => limiter.clearPrefix(signInKeys(email).all),
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

  // Live updates: LISTEN from the start, so health tells whether this process hears other instances.
  const events = createEventHub(deps.database, {
    onStateChange: (state) =>
      state === 'ok'
        ? app.log.info('live updates: listening for other instances')
        : app.log.warn('live updates: the LISTEN connection is down; reconnecting'),
  });
  app.addHook('onClose', async () => events.close());
  await events.start();
  await app.register(healthRoutes, { ping: deps.database.ping, realtime: events.state, clock, startedAt });
  await app.register(contentRoutes, { db });
  const scoresSource = deps.scores ?? createFixtureScoresSource({ dir: scoresFixturesDir, clock });
  const scoresFeed = createScoresFeed({
    source: scoresSource,
    clock,
    onError: (feed, err) => app.log.warn({ feed, err: (err as Error).message }, 'scores feed failed; counted as empty'),
  });
  await app.register(scoresRoutes, {
    service: createScoresService({ feed: scoresFeed, repo: createScoresRepo(db), clock }),
  });
  await app.register(accountRoutes, {
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
  await app.register(adminGateRoutes, { gate, secureCookies: settings.production });
  // Without a cookie there is no session to look up (a visitor): skip the query.
  const viewerOf = async (headers: Headers) =>
    headers.has('cookie') ? { userId: (await auth.api.getSession({ headers }))?.user.id ?? null } : { userId: null };
  // Boards and payments need each other: a paid entry opens a payment's checkout, and a settled entry payment
  // settles the entry's held cells. Payments is built first, taking a settlement port that forwards to the boards
  // service built just below (boards takes payments' checkout directly). The port is called only when a payment
  // settles (a webhook or the expiry job), never while the app is being built, so it always finds the service.
  const entrySettlement: EntrySettlement = {
    onEntryPaid: (paymentId) => boardsService.onEntryPaid(paymentId),
    onEntryUnpaid: (paymentId) => boardsService.onEntryUnpaid(paymentId),
    entryOfPayment: (paymentId) => boardsService.entryOfPayment(paymentId),
  };
  const payments = createPaymentsService({
    repo: createPaymentsRepo(db),
    entrySettlement,
    provider: paymentProvider,
    clock,
    mailer,
    publicUrl: settings.publicUrl,
    log: app.log,
  });
  // The feed's schedule and live games (the scores platform's source, so `live` reads go to SCORES_BASE_URL).
  const feed = createFeedService({
    repo: createFeedRepo(db),
    source: scoresSource,
    clock,
    scheduleDays: settings.scoresScheduleDays,
    log: app.log,
    // The boards service is built below; the lifecycle calls it only from its job, once the app runs.
    boards: {
      lock: (slug) => boardsService.lock(slug),
      cancel: (slug) => boardsService.cancel(slug),
      score: (slug, input, source) => boardsService.score(slug, input, source),
      moveGame: (gameId, startsAt) => boardsService.moveGame(gameId, startsAt),
    },
  });
  await app.register(feedRoutes, { service: feed });
  // Every public path that creates an entry takes from one per-address budget (ENTRY_LIMIT_PER_MINUTE).
  const entryBudget = createEntryBudget({ limiter, clock, perMinute: settings.entryLimitPerMinute });
  const boardsWith = (q: typeof db) =>
    createBoardsService({
      repo: createBoardsRepo(q),
      clock,
      random: deps.random ?? cryptoRandom,
      holdMs: settings.holdMs,
      checkout: (input) => payments.startEntryCheckout(input),
      entryBudget,
      entriesPerPhone: settings.entriesPerPhonePerBoard,
      // Read in the caller's transaction (PGlite has one connection: a read beside it would wait for it).
      feedGames: feedGameFinder(createFeedRepo(q)),
      liveGame: liveGameReader(createFeedRepo(q)),
    });
  const boardsService = boardsWith(db);
  await app.register(boardRoutes, {
    service: boardsService,
    events,
    viewerOf,
    limits:
      deps.streamLimits ??
      createStreamLimits({ perClient: settings.sseMaxPerClient, perInstance: settings.sseMaxPerInstance }),
  });
  await app.register(adminRoutes, {
    service: createAdminService({ db, repo: createAdminRepo(db), clock, boardsIn: boardsWith }),
    clock,
    emailOf: async (headers) => (await auth.api.getSession({ headers }))?.user.email ?? null,
  });
  await app.register(baseballRoutes, {
    service: createBaseballService({ repo: createBaseballRepo(db), clock, entryBudget }),
    viewerOf,
  });
  const userOf = async (headers: Headers) => (await viewerOf(headers)).userId;
  const trackedGames = createTrackedGamesService({ repo: createTrackedGamesRepo(db), clock });
  await app.register(trackedGameRoutes, { service: trackedGames, userOf });
  await app.register(fanCentralRoutes, {
    service: createFanCentralService({ repo: createFanCentralRepo(db), clock, trackedGames }),
    userOf,
    linkEntries: (input) => boardsService.linkEntries(input),
    limiter,
    clock,
  });
  await app.register(paymentRoutes, { service: payments, viewerOf });
  const uploads = createUploadsService({
    repo: createUploadsRepo(db),
    storage: deps.storage ?? createDiskStorage(path.join(tmpdir(), 'fangrid-uploads')),
    clock,
    publicUrl: settings.publicUrl,
  });
  await app.register(uploadRoutes, { service: uploads });
  await app.register(partnerRoutes, {
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
  if (!settings.production && mailer.kind === 'outbox') await app.register(devMailRoutes, { outbox });

  // Periodic work each feature declares, on the injected clock, once per tick across instances. It starts
  // when the app is ready and stops (waiting for a run under way) when the app closes.
  const scheduler = createScheduler({ clock, lock: createDbJobLock(db), log: app.log });
  for (const job of [
    ...boardJobs({ service: boardsService, holdMs: settings.holdMs }),
    ...feedJobs({ service: feed, pollMs: settings.scoresPollSeconds * 1000 }),
    // The expiry job hands its signed events to the webhook's own handler, not through HTTP: it must finish
    // while the app closes, when the server already refuses requests.
    ...paymentJobs({
      service: payments,
      deliver: async (event) => (await payments.receiveWebhook(event.raw, event.signature)).applied === true,
    }),
  ]) {
    scheduler.register(job);
  }
  // The schedule is read once at start too (by one instance: the first to claim this hour's tick), not only
  // at the next hour.
  const jobLock = createDbJobLock(db);
  let startupRead: Promise<void> | undefined;
  let cancelStartupRead: (() => void) | undefined;
  const readScheduleNow = async () => {
    const now = clock.now();
    const tickAt = new Date(Math.floor(now.getTime() / scheduleEveryMs) * scheduleEveryMs);
    if (await jobLock.claim('feed:schedule', tickAt, now)) {
      let error: string | null = null;
      await feed.syncSchedule().catch((err: Error) => {
        error = err.message;
      });
      await jobLock.finished('feed:schedule', clock.now(), error);
    }
  };
  app.addHook('onReady', async () => {
    scheduler.start();
    cancelStartupRead = clock.setTimer(0, () => {
      startupRead = readScheduleNow().catch((err) => app.log.warn({ err }, 'feed schedule: first read failed'));
      return startupRead;
    });
  });
  app.addHook('onClose', async () => {
    cancelStartupRead?.();
    await startupRead;
    await scheduler.stop();
  });

  await registerWebApp(app, deps.webDir, { production: settings.production });
  return app;
}
