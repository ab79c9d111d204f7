import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers: a number a person types must be a valid US number (checked against libphonenumber's
 * metadata, so 555-0100, area code 555 and "123" are refused; 202-555-0123 is taken). People write the
 * same number in many ways, `(202) 555-0123`, `202.555.0123`, `1 202 555 0123`, `+1 202 555 0123`, so a
 * number is read through its digits and kept in one form, E.164 (`+12025550123`). Two spellings of one
 * number are then equal, which is what the per-number entry limit counts by. Numbers already stored are
 * read as they are; this rule only decides what is taken in (and what is texted).
 */

/** What people type between the digits: spaces, dashes, dots and parentheses (and one leading plus). */
const typedPhone = /^\+?[\d ().-]+$/;

/** Longest phone input read (digits plus formatting). */
export const PHONE_INPUT_MAX = 30;

/** The number in its one stored form (`+12025550123`), or null when it is not a valid US phone number. */
export function normalizePhone(input: string): string | null {
  const value = input.trim();
  if (value.length > PHONE_INPUT_MAX || !typedPhone.test(value)) return null;
  const phone = parsePhoneNumberFromString(value, 'US');
  if (phone?.country !== 'US' || !phone.isValid()) return null;
  return phone.number;
}

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Enter a valid US phone number',
} as const;

/**
 * A typed phone number's problem: 'Enter a valid US phone number' when something is typed that is not a
 * valid US number, nothing while it is empty (whether a phone is required is each form's own rule). The
 * forms show it as the fan types and hold their submit while it stands.
 */
export function phoneFormatProblem(value: string): string | undefined {
  return value.trim() !== '' && normalizePhone(value) === null ? phoneMessages.invalid : undefined;
}
