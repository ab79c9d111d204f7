import { isIP } from 'node:net';

/**
 * TRUST_PROXY's address lists, read the way Fastify's proxy-addr reads them, so that config.ts can refuse at start
 * what proxy-addr would throw on (a stack trace) and what would trust every address (a forged X-Forwarded-For
 * would then choose the address every per-address limit counts).
 */

/** proxy-addr's named ranges. */
export const namedRanges: Record<string, string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.1/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** One parsed entry: the family, its base address as a number and its prefix length. */
interface Range {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

const bits = { 4: 32, 6: 128 } as const;
const mappedBase = 0xffffn << 32n;

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

/** An IPv6 address (as node:net's isIP accepts it, zone-free) as a 128-bit number. */
function ipv6ToBigInt(address: string): bigint {
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  // An IPv4 tail (::ffff:10.0.0.1) is the last two groups.
  const v4 = last.includes('.') ? ipv4ToBigInt(last) : undefined;
  const text =
    v4 === undefined
      ? address
      : `${address.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  const [head = '', rest] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => BigInt(Number.parseInt(g, 16))));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return all.reduce((n, g) => (n << 16n) | g, 0n);
}

/** Parses one address or CIDR entry; a message when it is neither (or has a zone, or a prefix out of range). */
export function parseRange(entry: string): Range | string {
  const bad = `"${entry}" is not an address or CIDR range (use a hop count, or addresses such as 10.0.0.0/8, ::1, loopback)`;
  const [address = '', prefixText, ...extra] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || extra.length > 0 || address.includes('%')) return bad;
  const max = bits[family];
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return bad;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return bad;
  return { family, base: family === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address), prefix };
}

/** An entry proxy-addr accepts for the same addresses: it refuses a /0, so that becomes the two halves. */
export function compileEntry(entry: string): string[] {
  const range = parseRange(entry);
  if (typeof range === 'string' || range.prefix !== 0) return [entry];
  return range.family === 4 ? ['0.0.0.0/1', '128.0.0.0/1'] : ['::/1', '8000::/1'];
}

type Interval = [bigint, bigint];

function interval(base: bigint, prefix: number, width: number): Interval {
  const size = 1n << BigInt(width - prefix);
  const start = (base >> BigInt(width - prefix)) << BigInt(width - prefix);
  return [start, start + size - 1n];
}

/** Whether the intervals together cover 0 .. 2^width - 1. */
function covers(intervals: Interval[], width: number): boolean {
  const sorted = [...intervals].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let next = 0n;
  for (const [start, end] of sorted) {
    if (start > next) return false;
    if (end + 1n > next) next = end + 1n;
  }
  return next >= 1n << BigInt(width);
}

/**
 * Which whole address family the listed entries (addresses, CIDRs, proxy-addr names) trust together: every IPv4
 * client, every IPv6 client, both, or neither (null). Read as proxy-addr matches: an IPv4-mapped IPv6 client is
 * its IPv4 address; an IPv6 range in ::ffff:0:0/96 with a prefix of at least 96 trusts those IPv4 clients, and
 * a native IPv6 client is never matched by it; the IPv4-mapped block is not a native IPv6 client.
 */
export function trustedFamilies(entries: string[]): 'IPv4' | 'IPv6' | 'IPv4 and IPv6' | null {
  const v4: Interval[] = [];
  const v6: Interval[] = [interval(mappedBase, 96, 128)];
  for (const entry of entries.flatMap((e) => namedRanges[e] ?? [e])) {
    const range = parseRange(entry);
    if (typeof range === 'string') continue;
    if (range.family === 4) {
      v4.push(interval(range.base, range.prefix, 32));
    } else if (range.base >> 32n === 0xffffn) {
      // An IPv4-mapped range: only its IPv4 clients, and only when the prefix covers the ::ffff: marker.
      if (range.prefix >= 96) v4.push(interval(range.base & 0xffffffffn, range.prefix - 96, 32));
    } else {
      v6.push(interval(range.base, range.prefix, 128));
    }
  }
  const all4 = covers(v4, 32);
  const all6 = covers(v6, 128);
  return all4 && all6 ? 'IPv4 and IPv6' : all4 ? 'IPv4' : all6 ? 'IPv6' : null;
}
