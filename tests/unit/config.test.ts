import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { productionEnv } from '../support/production-env';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      host: 'localhost',
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.pgliteDir).toBe(path.resolve('./data/db'));
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/fg',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      SEED_DEMO: 'false',
    });
    expect(c.port).toBe(8080);
    expect(c.pgliteDir).toBe('/tmp/fg/db');
    expect(c.databaseUrl).toBe('postgres://u@127.0.0.1:5432/db');
    expect(c.seedDemo).toBe(false);
  });

  it('runs the demo rounds only with SEED_DEMO, the fixtures scores source and DEMO_ROUNDS left on', () => {
    expect(loadConfig({}).demoRounds).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).demoRounds).toBe(false);
    expect(loadConfig({ SCORES_SOURCE: 'live' }).demoRounds).toBe(false);
    expect(loadConfig({ DEMO_ROUNDS: 'false' }).demoRounds).toBe(false);
    expect(loadConfig({ SCORES_SOURCE: 'fixtures', DEMO_ROUNDS: '1' }).demoRounds).toBe(true);
    expect(() => loadConfig({ DEMO_ROUNDS: 'sometimes' })).toThrow(/DEMO_ROUNDS: must be true or false/);
  });

  it('starts the demo games 45 minutes on unless DEMO_START_MINUTES says otherwise', () => {
    expect(loadConfig({}).demoStartAfterMs).toBe(45 * 60_000);
    expect(loadConfig({ DEMO_START_MINUTES: '240' }).demoStartAfterMs).toBe(240 * 60_000);
    for (const bad of ['0', '1.5', 'soon', String(7 * 24 * 60 + 1)]) {
      expect(() => loadConfig({ DEMO_START_MINUTES: bad }), bad).toThrow(/DEMO_START_MINUTES/);
    }
  });

  it('reads scores from the recorded fixtures in development and from the public feed in production', () => {
    expect(loadConfig({}).scores).toEqual({
      source: 'fixtures',
      baseUrl: 'https://site.api.espn.com',
      timeoutMs: 4000,
    });
    const prod = {
      ...productionEnv,
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(loadConfig(prod).scores.source).toBe('live');
    expect(
      loadConfig({ SCORES_SOURCE: 'live', SCORES_BASE_URL: 'http://127.0.0.1:9999/', SCORES_TIMEOUT_MS: '1500' })
        .scores,
    ).toEqual({ source: 'live', baseUrl: 'http://127.0.0.1:9999', timeoutMs: 1500 });
    expect(() => loadConfig({ SCORES_SOURCE: 'espn' })).toThrow(/SCORES_SOURCE: must be live or fixtures/);
    expect(() => loadConfig({ SCORES_BASE_URL: 'ftp://x' })).toThrow(/SCORES_BASE_URL: must be an http\(s\) URL/);
  });

  it('reads the feed schedule days (default 7) and the poll interval (default 30 s, a whole number of at least 1)', () => {
    expect(loadConfig({})).toMatchObject({ scoresScheduleDays: 7, scoresPollSeconds: 30 });
    expect(loadConfig({ SCORES_SCHEDULE_DAYS: '2', SCORES_POLL_SECONDS: '1' })).toMatchObject({
      scoresScheduleDays: 2,
      scoresPollSeconds: 1,
    });
    expect(() => loadConfig({ SCORES_POLL_SECONDS: '0' })).toThrow(/SCORES_POLL_SECONDS/);
    expect(() => loadConfig({ SCORES_POLL_SECONDS: '2.5' })).toThrow(/SCORES_POLL_SECONDS/);
    expect(() => loadConfig({ SCORES_SCHEDULE_DAYS: '-1' })).toThrow(/SCORES_SCHEDULE_DAYS/);
  });

  it('uses Stripe only with both keys, and says so when one is missing', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/set both to use Stripe/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it('reads the partners inbox and limit, and stores uploads on disk unless S3 is configured', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/fg' });
    expect(c.partnersInbox).toBe('partners@fangrid.local');
    expect(c.partnersRateLimitPerHour).toBe(20);
    expect(c.storage).toEqual({ kind: 'disk', dir: '/tmp/fg/uploads' });
    expect(loadConfig({ PARTNERS_INBOX: 'desk@club.example', PARTNERS_RATE_LIMIT_PER_HOUR: '5' })).toMatchObject({
      partnersInbox: 'desk@club.example',
      partnersRateLimitPerHour: 5,
    });
    expect(() => loadConfig({ PARTNERS_INBOX: 'not an address' })).toThrow(/PARTNERS_INBOX: must be an email address/);
  });

  it('reads the entry limits: per address per minute (default 30) and per phone per board (default 10)', () => {
    expect(loadConfig({})).toMatchObject({ entryLimitPerMinute: 30, entriesPerPhonePerBoard: 10 });
    expect(loadConfig({ ENTRY_LIMIT_PER_MINUTE: '120', ENTRIES_PER_PHONE_PER_BOARD: '4' })).toMatchObject({
      entryLimitPerMinute: 120,
      entriesPerPhonePerBoard: 4,
    });
    for (const bad of ['0', '-5', '2.5', 'lots', '100001']) {
      expect(() => loadConfig({ ENTRY_LIMIT_PER_MINUTE: bad }), bad).toThrow(/ENTRY_LIMIT_PER_MINUTE/);
    }
    // A board holds at most 100 entries, so more per number would mean nothing.
    for (const bad of ['0', '101', '1.5', 'ten']) {
      expect(() => loadConfig({ ENTRIES_PER_PHONE_PER_BOARD: bad }), bad).toThrow(/ENTRIES_PER_PHONE_PER_BOARD/);
    }
    expect(loadConfig({ ENTRIES_PER_PHONE_PER_BOARD: '100' }).entriesPerPhonePerBoard).toBe(100);
  });

  it('uses an S3-compatible bucket when S3_* is set, and names what is missing', () => {
    const s3 = { S3_BUCKET: 'logos', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      bucket: 'logos',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'uploads/',
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto', S3_PREFIX: 'fangrid/logos/' })
        .storage,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      prefix: 'fangrid/logos/',
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).storage,
    ).toMatchObject({
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'logos' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(
      /S3_BUCKET: required when any S3_\* setting is given/,
    );
    expect(() => loadConfig({ ...s3, S3_PREFIX: '../' })).toThrow(/S3_PREFIX/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every problem in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging', SEED_DEMO: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
    expect(problems).toMatch(/^NODE_ENV: /m);
    expect(problems).toMatch(/^SEED_DEMO: must be true or false/m);
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('rejects out-of-range ports', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3.5' })).toThrow(ConfigError);
  });
});

describe('loadConfig in production', () => {
  it('refuses to start without the auth secret, admin hashes and public URL', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^AUTH_SECRET: required in production/m);
    expect(problems).toMatch(/^ADMIN_PASSCODE_HASH: required in production/m);
    expect(problems).toMatch(/^ADMIN_PHRASE_HASH: required in production/m);
    expect(problems).toMatch(/^PUBLIC_URL: required in production/m);
  });

  it('accepts argon2id hashes only, and a long enough secret', () => {
    expect(() => loadConfig({ ADMIN_PASSCODE_HASH: 'plaintext' })).toThrow(
      /ADMIN_PASSCODE_HASH: must be an argon2id hash/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    const c = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_PASSCODE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      ADMIN_PHRASE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$abc$ghi',
      PUBLIC_URL: 'https://fangrid.example/',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      TRUSTED_ORIGINS: 'https://admin.fangrid.example, https://www.fangrid.example',
    });
    expect(c.publicUrl).toBe('https://fangrid.example');
    expect(c.trustedOrigins).toEqual([
      'https://fangrid.example',
      'https://admin.fangrid.example',
      'https://www.fangrid.example',
    ]);
  });

  it('defaults the public URL to localhost on the configured port in development', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('refuses live-stream caps that are not whole numbers from 1, and reads good ones', () => {
    for (const bad of ['0', '-1', '2.5', 'many', '1e9', 'Infinity']) {
      expect(() => loadConfig({ SSE_MAX_PER_CLIENT: bad }), bad).toThrow(/SSE_MAX_PER_CLIENT/);
      expect(() => loadConfig({ SSE_MAX_PER_INSTANCE: bad }), bad).toThrow(/SSE_MAX_PER_INSTANCE/);
    }
    expect(() => loadConfig({ SSE_MAX_PER_CLIENT: '10001' })).toThrow(/SSE_MAX_PER_CLIENT/);
    expect(loadConfig({})).toMatchObject({ sseMaxPerClient: 20, sseMaxPerInstance: 5000 });
    expect(loadConfig({ SSE_MAX_PER_CLIENT: '5', SSE_MAX_PER_INSTANCE: '12000' })).toMatchObject({
      sseMaxPerClient: 5,
      sseMaxPerInstance: 12000,
    });
    // Empty means the default, like every other setting.
    expect(loadConfig({ SSE_MAX_PER_CLIENT: '' }).sseMaxPerClient).toBe(20);
  });
});

describe('payments in production: real money only, unless PAYMENTS_TEST_MODE=true', () => {
  const prod = {
    ...productionEnv,
  };
  const dev = {};
  const none = {};
  const testKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const restrictedTestKeys = { STRIPE_SECRET_KEY: 'rk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const liveKeys = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const restrictedLiveKeys = { STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const secretOnly = { STRIPE_SECRET_KEY: 'sk_live_abc' };
  const webhookOnly = { STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const required = /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production/;
  const testKeyInProd = /STRIPE_SECRET_KEY: a test key takes no real payments/;
  const both = /set both to use Stripe/;
  const contradiction = /PAYMENTS_TEST_MODE: cannot be true with a live Stripe key/;

  // [environment, Stripe keys, PAYMENTS_TEST_MODE, expected: 'local' | 'stripe' | a refusal]
  const cases: [string, object, object, string | undefined, 'local' | 'stripe' | RegExp][] = [
    ['production', prod, none, undefined, required],
    ['production', prod, none, 'false', required],
    ['production', prod, none, '0', required],
    ['production', prod, none, 'true', 'local'],
    ['production', prod, none, '1', 'local'],
    ['production', prod, testKeys, undefined, testKeyInProd],
    ['production', prod, restrictedTestKeys, undefined, testKeyInProd],
    ['production', prod, testKeys, 'false', testKeyInProd],
    ['production', prod, testKeys, 'true', 'stripe'],
    ['production', prod, liveKeys, undefined, 'stripe'],
    ['production', prod, restrictedLiveKeys, undefined, 'stripe'],
    ['production', prod, liveKeys, 'false', 'stripe'],
    ['production', prod, liveKeys, 'true', contradiction],
    ['production', prod, secretOnly, undefined, both],
    ['production', prod, secretOnly, 'true', both],
    ['production', prod, webhookOnly, undefined, both],
    ['development', dev, none, undefined, 'local'],
    ['development', dev, none, 'true', 'local'],
    ['development', dev, none, 'false', 'local'],
    ['development', dev, testKeys, undefined, 'stripe'],
    ['development', dev, testKeys, 'true', 'stripe'],
    ['development', dev, liveKeys, undefined, 'stripe'],
    ['development', dev, liveKeys, 'true', contradiction],
    ['development', dev, webhookOnly, undefined, both],
  ];
  it.each(cases)('%s, keys %o, PAYMENTS_TEST_MODE=%s', (_env, base, keys, testMode, expected) => {
    const env = { ...base, ...keys, ...(testMode === undefined ? {} : { PAYMENTS_TEST_MODE: testMode }) };
    if (expected instanceof RegExp) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(expected);
      return;
    }
    const c = loadConfig(env);
    expect(c.stripe === undefined ? 'local' : 'stripe').toBe(expected);
    expect(c.paymentsTestMode).toBe(testMode === 'true' || testMode === '1');
  });

  it('reads PAYMENTS_TEST_MODE as true or false only; empty means unset', () => {
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE: must be true or false/);
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'TRUE' })).toThrow(/PAYMENTS_TEST_MODE: must be true or false/);
    expect(() => loadConfig({ ...prod, PAYMENTS_TEST_MODE: '' })).toThrow(required);
    expect(loadConfig({}).paymentsTestMode).toBe(false);
  });

  it('names the payment problem beside every other one in the one message', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^AUTH_SECRET: required in production/m);
    expect(problems).toMatch(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production/m);
  });

  it('reads the excluded states per mode: documented defaults, a list, none, and stops on a code that is no state', () => {
    expect(loadConfig({}).excludedStates).toEqual({
      'charitable-raffle': ['AL', 'HI', 'UT'],
      sweepstakes: ['FL', 'NY', 'RI'],
      'free-to-play': [],
    });
    const set = loadConfig({
      EXCLUDED_STATES_CHARITABLE_RAFFLE: 'none',
      EXCLUDED_STATES_SWEEPSTAKES: ' ny, dc ,NY',
      EXCLUDED_STATES_FREE_TO_PLAY: 'TX',
    });
    expect(set.excludedStates).toEqual({ 'charitable-raffle': [], sweepstakes: ['DC', 'NY'], 'free-to-play': ['TX'] });
    let error: unknown;
    try {
      loadConfig({ EXCLUDED_STATES_SWEEPSTAKES: 'NY,PR,Texas' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'EXCLUDED_STATES_SWEEPSTAKES: "PR", "TEXAS" are not US state codes (two letters, e.g. NY, DC)',
    ]);
  });
});

describe('metrics settings', () => {
  it('serves no metrics by default', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
  });

  it('takes a bearer token and a separate port', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
  });

  it('refuses a short token, a bad port, and the public port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

describe('TWO_FACTOR_REQUIRED', () => {
  it('is on in production and off elsewhere unless set', () => {
    const prod = { ...productionEnv, PAYMENTS_TEST_MODE: 'true' };
    expect(loadConfig(prod).twoFactorRequired).toBe(true);
    expect(loadConfig({ ...prod, TWO_FACTOR_REQUIRED: 'false' }).twoFactorRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).twoFactorRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TWO_FACTOR_REQUIRED: '1' }).twoFactorRequired).toBe(true);
    expect(() => loadConfig({ TWO_FACTOR_REQUIRED: 'yes' })).toThrow(/TWO_FACTOR_REQUIRED: must be true or false/);
  });
});
