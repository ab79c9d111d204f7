import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../../src/server/config';
import { trustedFamilies } from '../../src/server/trust-proxy';
import { productionEnv } from '../support/production-env';

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

const production = {
  ...productionEnv,
  PAYMENTS_TEST_MODE: 'true',
};

/** The message loadConfig throws for these settings, or '' when it accepts them. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

/** Whether Fastify, given this trustProxy, believes a forwarded address from a peer at `peer`. */
async function believes(trustProxy: string[], peers: string[]): Promise<boolean[]> {
  const app = Fastify({ trustProxy });
  app.get('/', async (req) => req.ip);
  const answers = await Promise.all(
    peers.map((peer) => app.inject({ url: '/', remoteAddress: peer, headers: { 'x-forwarded-for': '198.51.100.77' } })),
  );
  await app.close();
  return answers.map((res) => res.body === '198.51.100.77');
}

const everyAddress = [
  '0.0.0.0/0',
  '::/0',
  '0.0.0.0/1,128.0.0.0/1',
  '::/1,8000::/1',
  '10.0.0.0/0',
  '0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/1',
  '::ffff:0:0/96',
  '::ffff:0.0.0.0/97,128.0.0.0/1',
  '::/2,4000::/2,8000::/1,loopback',
  '0.0.0.0/0,::/0',
];

describe('TRUST_PROXY trusting every address', () => {
  it('is refused in production with the reason, on one line', () => {
    let refused = 0;
    for (const value of everyAddress) {
      const message = refusal({ ...production, TRUST_PROXY: value });
      expect(message, value).toMatch(
        /^Invalid configuration: TRUST_PROXY: trusts every IPv(4|6)( and IPv6)? address, /,
      );
      expect(message, value).not.toContain('\n');
      refused++;
    }
    // A list that leaves any address out is a list of proxies, not everyone.
    for (const value of [
      '0.0.0.0/1',
      '::/1',
      '0.0.0.0/1,128.0.0.0/2',
      '10.0.0.0/8,uniquelocal,loopback,linklocal',
      '::ffff:0:0/97',
    ])
      expect(refusal({ ...production, TRUST_PROXY: value }), value).toBe('');
    console.info(`TRUST_PROXY: ${refused} values that trust every address refused in production`);
  });

  it('is accepted in development, as the halves proxy-addr can compile, and trusts every peer', async () => {
    expect(loadConfig({ TRUST_PROXY: '0.0.0.0/0' }).trustProxy).toEqual(['0.0.0.0/1', '128.0.0.0/1']);
    expect(loadConfig({ TRUST_PROXY: '::/0' }).trustProxy).toEqual(['::/1', '8000::/1']);
    for (const value of everyAddress) {
      const { trustProxy } = loadConfig({ TRUST_PROXY: value });
      expect(Array.isArray(trustProxy), value).toBe(true);
      const peers = trustedFamilies(trustProxy as string[])?.includes('IPv4')
        ? ['0.0.0.0', '127.0.0.1', '255.255.255.255']
        : ['::', '2001:db8::1', 'ffff::1'];
      expect(await believes(trustProxy as string[], peers), value).toEqual(peers.map(() => true));
    }
  });

  it('every accepted list compiles in Fastify (no stack trace at start)', () => {
    for (const value of [...everyAddress, '10.0.0.0/8', '::1', 'fd00::/8, loopback', '::ffff:10.0.0.1', '1.2.3.4/32']) {
      const { trustProxy } = loadConfig({ TRUST_PROXY: value });
      expect(() => Fastify({ trustProxy: trustProxy as string[] }), value).not.toThrow();
    }
  });

  it('refuses zones, netmasks and prefixes out of range with the one configuration message', () => {
    for (const bad of [
      'fe80::1%eth0',
      '10.0.0.0/255.0.0.0',
      '10.0.0.0/-1',
      '::/1000',
      '0.0.0.0/',
      '/8',
      '10.0.0.0/8,,x',
    ])
      expect(refusal({ TRUST_PROXY: bad }), bad).toMatch(
        /^Invalid configuration: TRUST_PROXY: ".*" is not an address or CIDR range/,
      );
  });
});

/** A block of the address space: its first address as a number and its prefix. */
type Block = { base: bigint; prefix: number };

function format(family: 4 | 6, { base, prefix }: Block, mapped: boolean): string {
  if (family === 4) {
    const dotted = [24n, 16n, 8n, 0n].map((s) => Number((base >> s) & 255n)).join('.');
    return mapped ? `::ffff:${dotted}/${prefix + 96}` : `${dotted}/${prefix}`;
  }
  const groups = Array.from({ length: 8 }, (_, i) => ((base >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${groups.join(':')}/${prefix}`;
}

/**
 * A partition of the whole space: the blocks beside the path to a /depth block holding `target`, that block, and
 * then each block split again where `splits` says so.
 */
function partition(width: number, target: bigint, depth: number, splits: boolean[]): Block[] {
  const blocks: Block[] = [];
  for (let p = 1; p <= depth; p++) {
    const shift = BigInt(width - p);
    const sibling = ((target >> shift) ^ 1n) << shift;
    blocks.push({ base: sibling, prefix: p });
  }
  blocks.push({ base: (target >> BigInt(width - depth)) << BigInt(width - depth), prefix: depth });
  return blocks.flatMap((b, i) =>
    splits[i] && b.prefix < width
      ? [
          { base: b.base, prefix: b.prefix + 1 },
          { base: b.base | (1n << BigInt(width - b.prefix - 1)), prefix: b.prefix + 1 },
        ]
      : [b],
  );
}

describe('TRUST_PROXY coverage (property)', () => {
  const space = (family: 4 | 6) => {
    const width = family === 4 ? 32 : 128;
    return fc.record({
      target: fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n }),
      depth: fc.integer({ min: 1, max: family === 4 ? 32 : 128 }),
      splits: fc.array(fc.boolean(), { minLength: 130, maxLength: 130 }),
      mapped: fc.array(fc.boolean(), { minLength: 300, maxLength: 300 }),
      order: fc.integer({ min: 0, max: 1000 }),
      drop: fc.nat(),
    });
  };

  for (const family of [4, 6] as const) {
    it(`finds every random split of all IPv${family}, and the hole when one block is left out`, async () => {
      const width = family === 4 ? 32 : 128;
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(space(family), async ({ target, depth, splits, mapped, order, drop }) => {
          const blocks = partition(width, target, depth, splits);
          const rotated = blocks.map((_, i) => blocks[(i + order) % blocks.length] as Block);
          const entries = rotated.map((b, i) => format(family, b, family === 4 && (mapped[i] ?? false)));
          expect(trustedFamilies(entries)).toBe(`IPv${family}`);
          expect(refusal({ ...production, TRUST_PROXY: entries.join(',') })).toMatch(/trusts every IPv/);
          const hole = drop % entries.length;
          const rest = entries.filter((_, i) => i !== hole);
          expect(trustedFamilies(rest)).toBe(null);
          // proxy-addr (through Fastify) agrees: a peer in the left-out block is not believed, one elsewhere is.
          const left = rotated[hole] as Block;
          const inside = format(family, left, false).split('/')[0] as string;
          const other = rotated[(hole + 1) % rotated.length] as Block;
          const outside = format(family, other, false).split('/')[0] as string;
          expect(await believes(rest, [inside, outside])).toEqual([false, true]);
          cases++;
        }),
        { numRuns: 60 },
      );
      console.info(`TRUST_PROXY: ${cases} random splits of IPv${family} found, each hole found too`);
    });
  }
});
