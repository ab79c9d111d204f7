/**
 * Phone numbers (an optional plus, a first digit 1–9, then up to 15 digits). People write the same
 * number in many ways, `+1 (555) 123-4567`, `555-123-4567`, `555.123.4567`, `+15551234567`, so a number is
 * read through its digits and kept in one form: `+` and its digits, with North American numbers written
 * without a country code (10 digits, area code 2–9) taken as +1. Two spellings of one number are then
 * equal, which is what the per-number entry limit counts by.
 */

/** What people type between the digits: spaces, dashes, dots and parentheses (and one leading plus). */
const typedPhone = /^\+?[\d ().-]+$/;
const digitsRule = /^[1-9]\d{0,15}$/;
const northAmerican = /^[2-9]\d{9}$/;

/** Longest phone input read (digits plus formatting). */
export const PHONE_INPUT_MAX = 30;

/** The number in its one stored form (`+15551234567`), or null when it is not a phone number. */
export function normalizePhone(input: string): string | null {
  const value = input.trim();
  if (value.length > PHONE_INPUT_MAX || !typedPhone.test(value)) return null;
  const international = value.startsWith('+');
  const digits = value.replace(/\D/g, '');
  if (!digitsRule.test(digits)) return null;
  if (!international && northAmerican.test(digits)) return `+1${digits}`;
  return `+${digits}`;
}

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Please enter a valid phone number',
} as const;

/**
 * A typed phone number's problem: 'Please enter a valid phone number' when something is typed that is not a
 * phone number, nothing while it is empty (whether a phone is required is each form's own rule). The forms
 * show it as the fan types and hold their submit while it stands.
 */
export function phoneFormatProblem(value: string): string | undefined {
  return value.trim() !== '' && normalizePhone(value) === null ? phoneMessages.invalid : undefined;
}
