import { z } from 'zod';
import { normalizePhone, PHONE_INPUT_MAX, phoneMessages } from '../domain/phone';
import { isMultiLineText, isSingleLineText, textMessages } from '../domain/text';

/**
 * The building blocks of every free-text field in the contracts (see domain/text for what each refuses).
 * Each is a zod string, trimmed, to chain `.min()`, `.max()` or `.regex()` onto; `label` names the field in
 * the refusal ("Nickname contains characters that are not allowed").
 */

/** One line of text: a name, a nickname, a title, a code, a path segment. `error`: when it is not a string. */
export const singleLine = (label = 'This field', params?: { error: string }) =>
  z.string(params).trim().refine(isSingleLineText, textMessages.notAllowed(label));

/** Text of several lines (a message, a description, an address): line breaks and tabs are kept. */
export const multiLine = (label = 'This field', params?: { error: string }) =>
  z.string(params).trim().refine(isMultiLineText, textMessages.notAllowed(label));

/** A secret (a password, a passcode): refused like a single line, but kept exactly as typed (not trimmed). */
export const secretText = (label = 'This field') => z.string().refine(isSingleLineText, textMessages.notAllowed(label));

/**
 * A phone number as people type it (`(202) 555-0123`, `+1 202 555 0123`): a valid US number (domain/phone),
 * turned into its one stored form (`+12025550123`), so two spellings of one number are the same number.
 */
export const phoneNumber = () =>
  z
    .string()
    .trim()
    .min(1, phoneMessages.required)
    .max(PHONE_INPUT_MAX, phoneMessages.invalid)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: phoneMessages.invalid });
      return z.NEVER;
    });

/** An optional phone number: '' (or nothing) means none; anything else must be a valid US phone number. */
export const optionalPhoneNumber = () =>
  z
    .string()
    .trim()
    .max(PHONE_INPUT_MAX, phoneMessages.invalid)
    .transform((value, ctx) => {
      if (value === '') return '';
      const phone = normalizePhone(value);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: phoneMessages.invalid });
      return z.NEVER;
    })
    .optional();
