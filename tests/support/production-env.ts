/**
 * The least environment a production start needs besides payments (secret, admin hashes, public URL), for the
 * tests of configuration and of real process starts. Add payments (live Stripe keys, or PAYMENTS_TEST_MODE).
 */
export const productionEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  ADMIN_PASSCODE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$a$b',
  ADMIN_PHRASE_HASH: '$argon2id$v=19$m=19456,t=2,p=1$a$b',
  PUBLIC_URL: 'https://fangrid.example',
} as const;
