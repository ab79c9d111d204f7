import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Claim links: `base64url(prizeId + '.' + expiry ms) + '.' + base64url(HMAC-SHA256(payload))`, keyed by the
 * app's secret. A token is accepted only in exactly the spelling the server made: any other byte (case,
 * padding, a trailing character, a swapped part) fails the signature, checked in constant time.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `fangrid-prize-claim:${secret}`).update(payload).digest('base64url');

export function signClaimToken(secret: string, prizeId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${prizeId}.${expiresAt.getTime()}`, 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The prize and expiry a token names, or null when it is not a token this server signed. */
export function verifyClaimToken(secret: string, token: string): { prizeId: string; expiresAt: Date } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!B64URL.test(payload) || !B64URL.test(signature)) return null;
  const expected = Buffer.from(mac(secret, payload), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const decoded = Buffer.from(payload, 'base64url').toString('utf8');
  // Decoding is lenient; the signature already fixed the exact bytes, and re-encoding must give them back.
  if (Buffer.from(decoded, 'utf8').toString('base64url') !== payload) return null;
  const match = /^([^.]+)\.(\d{1,15})$/.exec(decoded);
  if (!match || !UUID.test(match[1] ?? '')) return null;
  return { prizeId: match[1] as string, expiresAt: new Date(Number(match[2])) };
}
