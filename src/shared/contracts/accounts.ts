import { z } from 'zod';

/** Spec §5 sign-up and sign-in rules. One schema for the form and its endpoint. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[1-9]\d{0,15}$/;

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Please enter a valid email address')
  .regex(emailPattern, 'Please enter a valid email address');

const password = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name is too long'),
  phone: z.string().trim().min(1, 'Phone number is required').regex(phonePattern, 'Please enter a valid phone number'),
  email,
  password,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .regex(emailPattern, 'Please enter a valid email address'),
});

export const resetPasswordSchema = z.object({ newPassword: password, token: z.string().min(1) });

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

export const adminPasscodeSchema = z.object({ passcode: z.string().length(8, 'The passcode has 8 characters') });
export const adminPhraseSchema = z.object({ phrase: z.string().min(1, 'Enter the second password').max(200) });
export const adminStatusSchema = z.object({
  stage: z.enum(['none', 'passcode', 'admin']),
  lockedUntil: z.string().nullable(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;
