/**
 * What free text may hold. Shared by every contract (so the forms and the API refuse the same things) and
 * by the browser's local stores.
 *
 * Refused everywhere: control characters (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F; PostgreSQL
 * refuses U+0000 outright), lone surrogates (not text: they cannot be written as UTF-8), the Unicode line
 * and paragraph separators U+2028/U+2029, and the bidirectional embedding, override and isolate controls
 * U+202A–U+202E and U+2066–U+2069 (they reorder how the text around them is shown, so a nickname or a name
 * could make a public board or an admin's table read differently from what is stored).
 *
 * A single line refuses all of that, tabs and line breaks included. Several lines (a message, a
 * description, an address) also allow `\n`, `\r\n` and `\t`, and nothing else of the above.
 */

const forbiddenAnywhere =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
/** A carriage return that does not start a Windows line break. */
const loneCarriageReturn = /\r(?!\n)/;
const lineBreakOrTab = /[\t\n\r]/;

/** True when `value` is one line of text with nothing this file refuses (no tab, no line break). */
export function isSingleLineText(value: string): boolean {
  return !forbiddenAnywhere.test(value) && !lineBreakOrTab.test(value);
}

/** True when `value` is text of one or more lines: like a single line, plus `\n`, `\r\n` and `\t`. */
export function isMultiLineText(value: string): boolean {
  return !forbiddenAnywhere.test(value) && !loneCarriageReturn.test(value);
}

const forbiddenRuns = new RegExp(`(?:${forbiddenAnywhere.source}|[\\t\\n\\r])+`, 'gu');
const forbiddenEach = new RegExp(forbiddenAnywhere.source, 'gu');

/**
 * Cleans text into one allowed line (for data read from elsewhere, e.g. a browser's saved records): each run
 * of refused characters, line breaks and tabs included, becomes one space; the result is trimmed.
 */
export function toSingleLine(value: string): string {
  return value.replace(forbiddenRuns, ' ').trim();
}

/** Cleans text of several lines: line breaks become `\n`, tabs stay, other refused characters go; trimmed. */
export function toMultiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(forbiddenEach, '').trim();
}

export const textMessages = {
  /** The refusal every text field answers with, named after the field. */
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
} as const;
