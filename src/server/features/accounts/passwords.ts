import { hash, type Options, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
const argon2Options: Options = {
  algorithm: 2 as Options['algorithm'], // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

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
