import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { apiPaths } from '../../src/shared/contracts/paths';
import { type Client, latestMailTo, linkIn } from './http';

/** The password the API tests' fans sign up with. */
export const fanPassword = 'Squares-2025!';

/**
 * Signs a fan up through the API and follows the confirmation email, leaving `client` signed in as that fan;
 * answers the client with the new account's user id.
 */
export async function signedInFan(db: Db, client: Client, fan: { email: string; name: string; phone: string }) {
  const res = await client.post('/api/auth/sign-up/email', { ...fan, password: fanPassword, callbackURL: '/login' });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await latestMailTo(db, fan.email);
  await client.get(linkIn(mail?.text ?? ''));
  const me = (await client.get(apiPaths.me)).json().user;
  expect(me?.email).toBe(fan.email);
  return Object.assign(client, { userId: me.id as string });
}
