import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The key every per-address limit counts a client under (sign-in, admin gate, partner forms and uploads,
 * entries, event streams). Spellings of one address count as one: IPv4-mapped IPv6
 * (`::ffff:203.0.113.9`, also written out in full) is the IPv4 address, case and zone ids are dropped,
 * and an IPv6 address counts under its /64, the block one subscriber is routinely given: otherwise one
 * home network would own 2^64 separate allowances.
 */
export function clientKey(ip: string): ClientKey {
  return canonical(ip) as ClientKey;
}

declare const clientKeyBrand: unique symbol;
/**
 * A client address as every per-address limit counts it. Only clientKey makes one (the brand has no value),
 * so a service or limit that takes a ClientKey cannot be handed a raw `req.ip`: the type checker proves
 * that each per-address limit counts spellings of one client as one. Routes read it as `req.client`.
 */
export type ClientKey = string & { readonly [clientKeyBrand]: true };

function canonical(ip: string): string {
  let a = ip.trim().toLowerCase();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  const zone = a.indexOf('%');
  if (zone !== -1) a = a.slice(0, zone);
  if (isIP(a) !== 6) return a;
  const h = ipv6Hextets(a);
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) {
    const [g6 = 0, g7 = 0] = h.slice(6);
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Hextets(a: string): number[] {
  let s = a;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [p, q, r, t] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((p << 8) | q).toString(16)}:${((r << 8) | t).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const parts =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return parts.map((x) => Number.parseInt(x, 16));
}

/**
 * What a route declares (route option `config: { perAddressLimit }`) when it refuses a client address past a
 * count: the walk in tests/api/per-address-limits.test.ts finds every declared route in the route table and
 * proves the count is per client (a /64 spread and IPv4-mapped spellings trip it at `max`, as one address
 * does), and fails for a route that counts a client address without declaring it.
 */
export interface PerAddressLimit {
  /** The limit's rate_limits key is `${scope}:${client}` (none for `open streams`, counted in memory). */
  scope: string;
  /** How many a client may make: the next one is refused with 429. */
  max: number;
  /** What is counted: every request (the default), only failed attempts, or streams open at once. */
  counts?: 'requests' | 'failures' | 'open streams';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's client as every per-address limit counts it: clientKey of `ip`. */
    readonly client: ClientKey;
  }
  interface FastifyContextConfig {
    perAddressLimit?: PerAddressLimit;
  }
}

/** Gives every request `req.client` (clientKey of `req.ip`, which TRUST_PROXY decides). */
export function registerClientKey(app: FastifyInstance): void {
  app.decorateRequest('client', {
    getter(this: FastifyRequest) {
      return clientKey(this.ip);
    },
  });
}
