import { z } from 'zod';
import { phoneNumber, secretText, singleLine } from './text';

/** Sign-up and sign-in rules. One schema for the form and its endpoint. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** An email address as the forms check it: something, an @, a domain with a dot; no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = singleLine('Email')
  .min(1, 'Email is required')
  .max(320, 'Please enter a valid email address')
  .regex(emailPattern, 'Please enter a valid email address');

const password = secretText('Password')
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signUpSchema = z.object({
  name: singleLine('Name')
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name is too long'),
  /** Phone rule, read through its digits and kept in one form (see domain/phone). */
  phone: phoneNumber(),
  email,
  password,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: secretText('Password').min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: singleLine('Email')
    .min(1, 'Please enter your email address.')
    .regex(emailPattern, 'Please enter a valid email address'),
});

/**
 * The one-time sign-in link (offered when a sign-in is refused because strangers' guesses slowed the account
 * down): the email is all it takes, and the answer is the same whether or not an account has that email.
 */
export const signInLinkSchema = z.object({ email });
export const signInLinkSentSchema = z.object({ sent: z.literal(true), message: z.string() });
export type SignInLinkSent = z.infer<typeof signInLinkSentSchema>;

export const resetPasswordSchema = z.object({ newPassword: password, token: singleLine('Token').min(1).max(500) });

/*
 * The answers of the routes Better Auth answers behind FanGrid's checks (sign-up, sign-in, the password reset):
 * what FanGrid relies on, every other field passed on as Better Auth sends it.
 */
const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});
/** A sign-up: the new account, not confirmed yet, so no session (`token` null until its email is confirmed). */
export const signedUpSchema = z.looseObject({ token: z.string().nullable(), user: authUserSchema });
/** A sign-in: the account, its session started (in its cookie). */
export const signedInSchema = z.looseObject({ token: z.string(), user: authUserSchema });
/** Asking for a password reset link: the same answer whether or not the email has an account. */
export const resetRequestedSchema = z.looseObject({ status: z.literal(true), message: z.string() });
/** The new password set (every session of the account ended). */
export const passwordResetSchema = z.looseObject({ status: z.literal(true) });
/** `POST /api/auth/sign-out`, answered by Better Auth: the session is gone. */
export const signedOutSchema = z.looseObject({ success: z.boolean() });

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
/** The signed-in user without secrets, or null for a visitor. */
export const meResponseSchema = z.object({ user: meSchema.nullable() });

export const adminPasscodeSchema = z.object({
  passcode: secretText('Passcode').length(8, 'The passcode has 8 characters'),
});
export const adminPhraseSchema = z.object({
  phrase: secretText('Second password').min(1, 'Enter the second password').max(200),
});
export const adminStatusSchema = z.object({
  stage: z.enum(['none', 'passcode', 'admin']),
  lockedUntil: z.string().nullable(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;
/** The gate's answer to a right passcode (step 1): the second password is asked next. */
export const adminPasscodeAcceptedSchema = z.object({ stage: z.literal('passcode') });
/** The gate's answer to a right second password (step 2): the admin session is open. */
export const adminPhraseAcceptedSchema = z.object({ stage: z.literal('admin') });
/** The gate's answer to signing out of the admin session. */
export const adminSignedOutSchema = z.object({ stage: z.literal('none') });
/** The admin session probe's answer: the session is still good (a 401 otherwise). */
export const adminSessionSchema = z.object({ admin: z.literal(true) });
