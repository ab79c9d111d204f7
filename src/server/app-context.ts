import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Random } from '../shared/domain/boards';
import type { AppDeps } from './app';
import { seededDemoBoards } from './db/seed/boards';
import { createAuth, createLoginAttempts, signInKeys } from './features/accounts';
import { createAdminGate } from './features/admin-gate';
import { demoSlugPattern } from './features/demo';
import type { AppContext } from './features/feature';
import { createStreamLimits } from './http/stream-limits';
import { scoresFixturesDir, scoresReplaysDir, workerEntry } from './paths';
import { createDomainEvents } from './platform/domain-events';
import { createEventHub } from './platform/events';
import { createOutboxMailer } from './platform/mail/mailer';
import { createMailNotifications } from './platform/mail/notifications';
import { createLocalProvider } from './platform/payments';
import { createRateLimiter } from './platform/rate-limit';
import { createFixtureScoresSource } from './platform/scores';
import { createDemoReplays } from './platform/scores/demo';
import { createOutboxSms, createSmsOutbox } from './platform/sms';
import { createDiskStorage } from './platform/storage';
import { createInlineWorkerPool, createWorkerPool, defaultWorkerQueueMax } from './platform/workers/pool';
import type { Tasks } from './worker';

const cryptoRandom: Random = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** How long an instance holds a text it is sending before another may take it over (above any request timeout). */
const smsLeaseMs = 2 * 60_000;

/** The platform parts every feature shares, made once for one app (the features' contract: features/feature.ts). */
export async function createAppContext(
  app: FastifyInstance,
  deps: AppDeps,
  made: Pick<AppContext, 'settings' | 'clock' | 'metrics' | 'startedAt'>,
): Promise<AppContext> {
  const { db } = deps.database;
  const { settings, clock, metrics, startedAt } = made;
  const random = deps.random ?? cryptoRandom;
  const payments = deps.payments ?? createLocalProvider({ publicUrl: settings.publicUrl, secret: settings.authSecret });
  if (settings.production && payments.testMode && !settings.paymentsTestMode) {
    // The config refuses this too; an app built another way must not hand out free paid entries either.
    throw new Error('Production needs a live payment provider (or paymentsTestMode on a staging server).');
  }
  const devOutbox = createOutboxMailer({ db, from: settings.mailFrom, clock });
  // Every text goes through the outbox table; the scheduler's job hands it to Twilio or the dev outbox.
  const devTexts = createOutboxSms({ db, clock });
  const sms = deps.sms ?? devTexts;
  const smsOutbox = createSmsOutbox({ db, sms, clock, random, leaseMs: smsLeaseMs, log: app.log });
  // Every email goes through the mail outbox table: sent at once, retried by the scheduler's job, handed to SMTP
  // or the dev outbox. Features send through `mailer`, the outbox's sender.
  const mailNotifications = createMailNotifications({
    db,
    mailer: deps.mailer ?? devOutbox,
    clock,
    random,
    leaseMs: smsLeaseMs,
    log: app.log,
  });
  const mailer = mailNotifications;
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
    clock,
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
  // Live updates: LISTEN from the start, so health tells whether this process hears other instances.
  const events = createEventHub(deps.database, {
    onStateChange: (state) =>
      state === 'ok'
        ? app.log.info('live updates: listening for other instances')
        : app.log.warn('live updates: the LISTEN connection is down; reconnecting'),
  });
  app.addHook('onClose', async () => events.close());
  await events.start();
  const streamLimits =
    deps.streamLimits ??
    createStreamLimits({ perClient: settings.sseMaxPerClient, perInstance: settings.sseMaxPerInstance });
  metrics.attach({ db, streamsOpen: () => streamLimits.open(), pool: deps.database.poolStats });
  // Without a cookie there is no session to look up (a visitor): skip the query.
  const viewerOf = async (headers: Headers) =>
    headers.has('cookie') ? { userId: (await auth.api.getSession({ headers }))?.user.id ?? null } : { userId: null };
  return {
    db,
    database: deps.database,
    clock,
    random,
    settings,
    log: app.log,
    startedAt,
    mailer,
    devOutbox,
    devTexts: sms.kind === 'outbox',
    smsOutbox,
    mailNotifications,
    limiter,
    workers,
    events,
    domainEvents: createDomainEvents({ db, clock, random, leaseMs: smsLeaseMs, log: app.log }),
    metrics,
    payments,
    // The demo's recurring games are replayed by the fixtures source (a given source must list them itself).
    scoresSource:
      deps.scores ??
      createFixtureScoresSource({
        dir: scoresFixturesDir,
        clock,
        demo: settings.demoRounds ? createDemoReplays(scoresReplaysDir) : undefined,
      }),
    storage: deps.storage ?? createDiskStorage(path.join(tmpdir(), 'fangrid-uploads')),
    streamLimits,
    loginAttempts,
    auth,
    gate,
    viewerOf,
    userOf: async (headers) => (await viewerOf(headers)).userId,
    emailOf: async (headers) => (await auth.api.getSession({ headers }))?.user.email ?? null,
    ledgerCheck: deps.ledgerCheck,
    twilioAuthToken: deps.twilioAuthToken,
    // Demo boards are told apart by the seeded demo's boards and the demo rounds' slugs (the KPIs can leave them out).
    demoBoards: { seeded: seededDemoBoards(), roundSlugPattern: demoSlugPattern },
  };
}
