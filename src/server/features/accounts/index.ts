// The accounts feature's public surface: the only file other code may import.
export { type Auth, createAuth } from './auth';
export { createLoginAttempts, type LoginAttempts } from './login-attempts';
export { accountsFeature } from './module';
export { hashPassword, verifyPassword } from './passwords';
export { accountRoutes } from './routes';
export { signInKeys } from './sign-in-routes';
export { createTwoFactorRule, type TwoFactorRule } from './two-factor';
