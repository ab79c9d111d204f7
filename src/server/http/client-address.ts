import { isIP } from 'node:net';

/**
 * The key every per-address limit counts a client under (sign-in, admin gate, partner forms and uploads,
 * entries, event streams). Spellings of one address count as one: IPv4-mapped IPv6
 * (`::ffff:203.0.113.9`, also written out in full) is the IPv4 address, case and zone ids are dropped,
 * and an IPv6 address counts under its /64, the block one subscriber is routinely given: otherwise one
 * home network would own 2^64 separate allowances.
 */
export function clientKey(ip: string): string {
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
