import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../../src/server/config';

describe('TRUST_PROXY', () => {
  it('unset or empty trusts no proxy, in development and in production', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseTrustProxy('   ')).toBe(false);
  });

  it('reads a hop count (1 to 10)', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
    for (const bad of ['0', '11', '-1', '1.5'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  it('reads a comma-separated list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with a message naming the bad entry', () => {
    for (const bad of [
      'true',
      '*',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.300',
      'proxy.example.com',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
    ]) {
      let message = '';
      try {
        loadConfig({ TRUST_PROXY: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, bad).toMatch(/TRUST_PROXY/);
    }
  });
});
