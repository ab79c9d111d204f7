import path from 'node:path';
import { z } from 'zod';
import { type BoardMode, defaultExcludedStates, parseStateList } from '../shared/domain/legal';
import { isStripeTestKey } from './platform/payments';
import type { S3Settings } from './platform/storage';
import { compileEntry, namedRanges, parseRange, trustedFamilies } from './trust-proxy';

/** The seeded demo boards' games start this long after the seed (DEMO_START_MINUTES), and renew to it. */
export const defaultDemoStartAfterMs = 45 * 60_000;

/** A paid board holds an entry's cells this long while its checkout is open (PAYMENT_HOLD_SECONDS). */
export const defaultHoldMs = 15 * 60_000;

/**
 * A comma list of US state codes (EXCLUDED_STATES_*): unset means the mode's documented default list
 * (domain/legal defaultExcludedStates); 'none' means no state is excluded. Anything that is not a state stops
 * the start.
 */
const stateList = (mode: BoardMode) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [...defaultExcludedStates[mode]];
      if (value.trim().toLowerCase() === 'none') return [];
      const parsed = parseStateList(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    });

/** The only reader of process.env. Parsed once at start; a bad value stops the process with one clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  DEMO_ROUNDS: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  DEMO_START_MINUTES: z.coerce
    .number()
    .int('must be a whole number')
    .min(1)
    .max(7 * 24 * 60)
    .default(defaultDemoStartAfterMs / 60_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('FanGrid <no-reply@fangrid.local>'),
  ADMIN_PASSCODE_HASH: z.string().startsWith('$argon2id$', 'must be an argon2id hash (npm run admin:hash)').optional(),
  /** Two-factor authentication for platform staff and organization owners and admins; production's default is on. */
  TWO_FACTOR_REQUIRED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  ADMIN_PHRASE_HASH: z.string().startsWith('$argon2id$', 'must be an argon2id hash (npm run admin:hash)').optional(),
  SCORES_SOURCE: z.enum(['live', 'fixtures'], { error: 'must be live or fixtures' }).optional(),
  SCORES_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://site.api.espn.com'),
  SCORES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  SCORES_SCHEDULE_DAYS: z.coerce.number().int().min(0).max(30).default(7),
  SCORES_POLL_SECONDS: z.coerce.number().int('must be a whole number').min(1).max(3600).default(30),
  PAYMENT_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(defaultHoldMs / 1000),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  PAYMENTS_TEST_MODE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  PARTNERS_INBOX: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .default('partners@fangrid.local'),
  PARTNERS_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SSE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(20),
  SSE_MAX_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  ENTRY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  ENTRIES_PER_PHONE_PER_BOARD: z.coerce.number().int().min(1).max(100).default(10),
  /** Threads for CPU-heavy work (PDFs, QR codes, CSV): the machine's parallelism when unset, 0 = on the event loop. */
  WORKER_THREADS: z.coerce.number().int().min(0).max(256).optional(),
  /** Tasks that may wait for a worker thread; past it such a request answers 503 with Retry-After. */
  WORKER_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(64),
  EXCLUDED_STATES_CHARITABLE_RAFFLE: stateList('charitable-raffle'),
  EXCLUDED_STATES_SWEEPSTAKES: stateList('sweepstakes'),
  EXCLUDED_STATES_FREE_TO_PLAY: stateList('free-to-play'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the Twilio auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'must be the sending number in E.164 form, e.g. +12025550191')
    .optional(),
  TWILIO_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.twilio.com'),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 random characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9][A-Za-z0-9_.-]*\/)*$/, "must be empty or folder names ending in '/', e.g. uploads/")
    .default('uploads/'),
});

/**
 * Which peers may tell FanGrid the client's address in X-Forwarded-For: none (unset), the nearest `n` hops
 * (a number), or the proxies at the listed addresses and CIDR ranges (proxy-addr's names `loopback`,
 * `linklocal` and `uniquelocal` too). Returns a message for a value that is none of those. A /0 range (which
 * proxy-addr cannot compile) comes back as its two halves; loadConfig refuses, in production, a list that trusts
 * every address of a family.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined || value.trim() === '') return false;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : 'a hop count must be between 1 and 10';
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry in namedRanges) continue;
    const range = parseRange(entry);
    if (typeof range === 'string') return range;
  }
  return entries.length > 0 ? entries.flatMap(compileEntry) : false;
}

/** Development-only defaults, documented in the README. Production refuses to start without real values. */
export const devDefaults = {
  authSecret: 'fangrid-development-secret-do-not-use-in-production',
  adminPasscode: 'fangrid1',
  adminPhrase: 'game day',
} as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Where PGlite keeps its files when no DATABASE_URL is set. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /**
   * The embedded demo's recurring boards on replayed real games (features/demo): on with SEED_DEMO and the
   * fixtures scores source, unless DEMO_ROUNDS=false.
   */
  demoRounds: boolean;
  /**
   * How far ahead of the server's start (and of each renewal) the seeded demo boards' games start. Their boards
   * are open from then on (db/seed/boards.ts); a demo board that fans entered locks at that start.
   */
  demoStartAfterMs: number;
  shutdownTimeoutMs: number;
  /** The public origin of the app, used in emailed links and origin checks. */
  publicUrl: string;
  /** Origins allowed to make state-changing requests (the public URL's origin is always one). */
  trustedOrigins: string[];
  /**
   * Which peers may name the client's address in X-Forwarded-For: none (false, the default), the nearest n
   * hops, or proxies at these addresses/CIDRs. Every per-address limit and lockout reads the address this gives.
   */
  trustProxy: false | number | string[];
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** argon2id hashes of the admin passcode and of the lower-cased admin phrase; undefined = dev defaults. */
  adminPasscodeHash: string | undefined;
  adminPhraseHash: string | undefined;
  /** Account requests (sign-in, sign-up, reset) one IP may make per minute. */
  authRateLimitPerMinute: number;
  /**
   * Whether platform staff and organization owners and admins must use two-factor authentication: without it
   * every organizer route answers them 403 TWO_FACTOR_REQUIRED (TWO_FACTOR_REQUIRED; on in production, off
   * elsewhere). Everyone may turn it on either way.
   */
  twoFactorRequired: boolean;
  /** Scoreboards: the public feed (`live`, production's default) or the recorded fixtures (elsewhere). */
  scores: { source: 'live' | 'fixtures'; baseUrl: string; timeoutMs: number };
  /** Days after today whose schedule is read from the feed (SCORES_SCHEDULE_DAYS, default 7). */
  scoresScheduleDays: number;
  /** Seconds between reads of a league whose feed-scored boards are near or in play (default 30). */
  scoresPollSeconds: number;
  /** How long a paid board entry holds its cells while its checkout is open (default 15 minutes). */
  holdMs: number;
  /** Stripe when both keys are set; otherwise FanGrid's local test checkout. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /**
   * PAYMENTS_TEST_MODE: production (a staging server) may take payments that move no real money, on the
   * local test checkout or with a Stripe test key. Without it, production needs live Stripe keys.
   */
  paymentsTestMode: boolean;
  /** Staff address that receives partnership inquiries. */
  partnersInbox: string;
  /** Partner inquiries, form saves, confirmation emails and logo uploads one IP may make per hour (each). */
  partnersRateLimitPerHour: number;
  /** Live board streams (Server-Sent Events) one client address may hold open on one instance. */
  sseMaxPerClient: number;
  /** Live board streams one instance holds open in all (each is a socket: keep it under the file limit). */
  sseMaxPerInstance: number;
  /** Entries (board entries and custom game entries) one client address may make per minute. */
  entryLimitPerMinute: number;
  /** Entries one phone number may hold on one board. */
  entriesPerPhonePerBoard: number;
  /**
   * The worker pool for CPU-heavy work: `threads` (undefined: os.availableParallelism(); 0: build on the event
   * loop, the old path) and `queueMax` tasks waiting beyond those running (more answer 503 with Retry-After).
   */
  workers: { threads: number | undefined; queueMax: number };
  /**
   * The US states whose entries each board mode refuses (EXCLUDED_STATES_CHARITABLE_RAFFLE, _SWEEPSTAKES,
   * _FREE_TO_PLAY; defaults in domain/legal). Organizers must check their own state's law.
   */
  excludedStates: Record<BoardMode, readonly string[]>;
  /**
   * Texts through Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are all set; otherwise
   * (undefined) into the dev outbox shown at /dev/mail. `apiBase` is Twilio's REST API unless a test or a
   * self-hosted proxy names another (TWILIO_API_BASE).
   */
  twilio: { accountSid: string; authToken: string; from: string; apiBase: string; timeoutMs: number } | undefined;
  /**
   * Prometheus metrics at /metrics: on the public port only with METRICS_TOKEN as a bearer token; with
   * METRICS_PORT, on that port only (a private listener, the token still required if set). Neither: not served.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Where uploads live: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: { kind: 'disk'; dir: string } | ({ kind: 's3' } & S3Settings);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem is one line; several are a list.
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `PORT= npm start` means the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production) {
    if (!e.AUTH_SECRET) missing.push('AUTH_SECRET: required in production (at least 32 random characters)');
    if (!e.ADMIN_PASSCODE_HASH) missing.push('ADMIN_PASSCODE_HASH: required in production (npm run admin:hash)');
    if (!e.ADMIN_PHRASE_HASH) missing.push('ADMIN_PHRASE_HASH: required in production (npm run admin:hash)');
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL: required in production (the address users open)');
  }
  if (!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_WEBHOOK_SECRET) {
    missing.push(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to use Stripe, or neither for the local test checkout',
    );
  }
  // Production takes real money only: the free test checkout (or a Stripe test key, paid with 4242…) would
  // hand out paid entries for nothing. A staging server says so with PAYMENTS_TEST_MODE=true.
  const stripeTestKey = e.STRIPE_SECRET_KEY !== undefined && isStripeTestKey(e.STRIPE_SECRET_KEY);
  if (production && !e.PAYMENTS_TEST_MODE) {
    if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
      missing.push(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production (or PAYMENTS_TEST_MODE=true on a staging server that takes no real payments)',
      );
    } else if (stripeTestKey) {
      missing.push(
        'STRIPE_SECRET_KEY: a test key takes no real payments; production needs a live key (or PAYMENTS_TEST_MODE=true on a staging server)',
      );
    }
  }
  if (e.PAYMENTS_TEST_MODE && e.STRIPE_SECRET_KEY !== undefined && !stripeTestKey) {
    missing.push('PAYMENTS_TEST_MODE: cannot be true with a live Stripe key: use a test key (sk_test_…) for staging');
  }
  const twilioGiven = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilioGiven > 0 && twilioGiven < 3) {
    missing.push(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send texts through Twilio, or none for the dev outbox',
    );
  }
  const s3Given = [e.S3_BUCKET, e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (s3Given) {
    if (!e.S3_BUCKET) missing.push('S3_BUCKET: required when any S3_* setting is given');
    if (!e.S3_ACCESS_KEY_ID) missing.push('S3_ACCESS_KEY_ID: required with S3_BUCKET');
    if (!e.S3_SECRET_ACCESS_KEY) missing.push('S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  const everyone = Array.isArray(e.TRUST_PROXY) ? trustedFamilies(e.TRUST_PROXY) : null;
  if (production && everyone) {
    missing.push(
      `TRUST_PROXY: trusts every ${everyone} address, so any client could choose the address every per-address limit counts by sending X-Forwarded-For; list your proxies' addresses or ranges, or give a hop count`,
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    missing.push('METRICS_PORT: must differ from PORT (metrics stay off the public port)');
  }
  if (missing.length > 0) throw new ConfigError(missing);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...(e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    demoRounds: e.SEED_DEMO && e.DEMO_ROUNDS && (e.SCORES_SOURCE ?? (production ? 'live' : 'fixtures')) === 'fixtures',
    demoStartAfterMs: e.DEMO_START_MINUTES * 60_000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl,
    trustedOrigins,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET ?? devDefaults.authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminPasscodeHash: e.ADMIN_PASSCODE_HASH,
    adminPhraseHash: e.ADMIN_PHRASE_HASH,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    twoFactorRequired: e.TWO_FACTOR_REQUIRED ?? production,
    scores: {
      source: e.SCORES_SOURCE ?? (production ? 'live' : 'fixtures'),
      baseUrl: e.SCORES_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: e.SCORES_TIMEOUT_MS,
    },
    scoresScheduleDays: e.SCORES_SCHEDULE_DAYS,
    scoresPollSeconds: e.SCORES_POLL_SECONDS,
    holdMs: e.PAYMENT_HOLD_SECONDS * 1000,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    paymentsTestMode: e.PAYMENTS_TEST_MODE,
    partnersInbox: e.PARTNERS_INBOX,
    partnersRateLimitPerHour: e.PARTNERS_RATE_LIMIT_PER_HOUR,
    sseMaxPerClient: e.SSE_MAX_PER_CLIENT,
    sseMaxPerInstance: e.SSE_MAX_PER_INSTANCE,
    entryLimitPerMinute: e.ENTRY_LIMIT_PER_MINUTE,
    entriesPerPhonePerBoard: e.ENTRIES_PER_PHONE_PER_BOARD,
    workers: { threads: e.WORKER_THREADS, queueMax: e.WORKER_QUEUE_MAX },
    excludedStates: {
      'charitable-raffle': e.EXCLUDED_STATES_CHARITABLE_RAFFLE,
      sweepstakes: e.EXCLUDED_STATES_SWEEPSTAKES,
      'free-to-play': e.EXCLUDED_STATES_FREE_TO_PLAY,
    },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
            timeoutMs: e.TWILIO_TIMEOUT_MS,
          }
        : undefined,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    storage:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // S3-compatible services (an endpoint is given) mostly need path-style addresses.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            prefix: e.S3_PREFIX,
          }
        : { kind: 'disk', dir: path.join(dataDir, 'uploads') },
  };
}

/**
 * What an app runs with (buildApp): the config's settings, with the admin hashes always set (buildApp hashes
 * the documented development ones when the config has none).
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
    | 'twoFactorRequired'
    | 'holdMs'
    | 'paymentsTestMode'
    | 'partnersInbox'
    | 'partnersRateLimitPerHour'
    | 'sseMaxPerClient'
    | 'sseMaxPerInstance'
    | 'entryLimitPerMinute'
    | 'entriesPerPhonePerBoard'
    | 'excludedStates'
    | 'scoresScheduleDays'
    | 'scoresPollSeconds'
    | 'demoRounds'
    | 'seedDemo'
    | 'demoStartAfterMs'
  > {
  production: boolean;
  /**
   * The bearer token that opens `/metrics` on this app's port; without it `/metrics` is not found here (served
   * on METRICS_PORT instead, or not at all).
   */
  metricsToken?: string;
  /** argon2id hashes of the admin passcode and of the lower-cased admin phrase. */
  adminPasscodeHash: string;
  adminPhraseHash: string;
}

/** The app's settings from a parsed config; the admin hashes stay unset where the config has none (development). */
export function appSettingsOf(
  config: Config,
): Omit<AppSettings, 'adminPasscodeHash' | 'adminPhraseHash'> &
  Partial<Pick<AppSettings, 'adminPasscodeHash' | 'adminPhraseHash'>> {
  const production = config.env === 'production';
  return {
    publicUrl: config.publicUrl,
    // In development the Vite dev server (npm run dev) talks to the API from its own origin.
    trustedOrigins:
      config.env === 'development' ? [...config.trustedOrigins, 'http://localhost:5173'] : config.trustedOrigins,
    trustProxy: config.trustProxy,
    scoresScheduleDays: config.scoresScheduleDays,
    scoresPollSeconds: config.scoresPollSeconds,
    demoRounds: config.demoRounds,
    seedDemo: config.seedDemo,
    demoStartAfterMs: config.demoStartAfterMs,
    authSecret: config.authSecret,
    production,
    adminPasscodeHash: config.adminPasscodeHash,
    adminPhraseHash: config.adminPhraseHash,
    mailFrom: config.mailFrom,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    twoFactorRequired: config.twoFactorRequired,
    holdMs: config.holdMs,
    paymentsTestMode: config.paymentsTestMode,
    partnersInbox: config.partnersInbox,
    partnersRateLimitPerHour: config.partnersRateLimitPerHour,
    sseMaxPerClient: config.sseMaxPerClient,
    sseMaxPerInstance: config.sseMaxPerInstance,
    entryLimitPerMinute: config.entryLimitPerMinute,
    entriesPerPhonePerBoard: config.entriesPerPhonePerBoard,
    excludedStates: config.excludedStates,
    // With METRICS_PORT the public port never serves metrics, token or not.
    metricsToken: config.metrics.port === undefined ? config.metrics.token : undefined,
  };
}

/**
 * The config of an app built without an environment (tests, tools): every setting at its one default above,
 * in the `test` environment, with no demo seeded (only the process entry seeds one).
 */
export const embeddedConfig = (publicUrl?: string): Config =>
  loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', PUBLIC_URL: publicUrl });
