import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie that marks a browser which has signed in to an account before (a "device cookie"). */
export const DEVICE_COOKIE = 'fangrid_device';
export const deviceCookieMaxAgeSeconds = 365 * 24 * 3600;

/**
 * Device cookies: a browser that signed in to an account successfully gets a token bound to that account's email
 * (a random id and an HMAC over it and the email). When someone else's failed guesses slow an account down, a
 * browser presenting a valid token for it is not slowed: its failures are counted on its own, so strangers
 * cannot lock the owner out of the devices they use.
 */
export function createDeviceTokens(secret: string) {
  const mac = (email: string, id: string) =>
    createHmac('sha256', secret).update(`fangrid-device|${email.toLowerCase()}|${id}`).digest('base64url');
  return {
    issue(email: string): string {
      const id = randomBytes(16).toString('base64url');
      return `${id}.${mac(email, id)}`;
    },
    /** The device id when `token` was issued for `email`; undefined for anything else. */
    verify(token: string | undefined, email: string): string | undefined {
      const [id, given, ...rest] = (token ?? '').split('.');
      if (!id || !given || rest.length > 0 || !/^[\w-]{22}$/.test(id)) return undefined;
      const expected = Buffer.from(mac(email, id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : undefined;
    },
  };
}
