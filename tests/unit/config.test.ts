import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

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
