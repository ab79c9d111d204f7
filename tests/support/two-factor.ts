import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { otpauthSecretOf } from '../../src/shared/domain/two-factor';

/**
 * The current 6-digit code of an authenticator app set up from `secretOrUri` (an `otpauth://` URI or its base32
 * secret, as the settings screen shows it), computed as Better Auth checks it (its own TOTP library).
 */
export async function totpCodeOf(secretOrUri: string): Promise<string> {
  const secret = secretOrUri.startsWith('otpauth://') ? otpauthSecretOf(secretOrUri) : secretOrUri;
  if (!secret) throw new Error(`no secret in ${secretOrUri}`);
  const raw = new TextDecoder().decode(base32.decode(secret));
  return createOTP(raw).totp();
}

/** A code that is not the current one (nor its neighbours'): the current code's digits shifted by one. */
export async function wrongTotpCodeOf(secretOrUri: string): Promise<string> {
  const right = await totpCodeOf(secretOrUri);
  return [...right].map((d) => String((Number(d) + 5) % 10)).join('');
}
