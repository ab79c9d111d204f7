import { hash, type Options, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
const argon2Options: Options = {
  algorithm: 2 as Options['algorithm'], // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Off the event loop already: @node-rs/argon2's async `hash` and `verify` are napi-rs tasks that run on libuv's
 * threadpool (UV_THREADPOOL_SIZE, 4 by default), so they need no worker pool of FanGrid's; never use their
 * `*Sync` forms here. Better Auth hashes and verifies through these two (auth.ts). Measured: 8 concurrent
 * hashes took 0.36-0.57 s while a 1 ms timer never waited more than 32 ms (on a loaded 2-core machine).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never verifies.
    return false;
  }
}

/** The 10,000 most common passwords (zxcvbn's frequency-ranked list), compared case-insensitively. */
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const commonPasswordMessage =
  'This password is one of the most common passwords and easy to guess. Please choose another.';
