/**
 * The free method of entry of a sweepstakes board needs a person: its phone number is confirmed by a one-time
 * code sent by text. That text is the only one FanGrid sends to a number without its text consent, so it says
 * nothing but the code and what it is for, and code sends are limited per number, per client address and per
 * board, so the form cannot be used to text strangers (SMS pumping).
 */

/** Digits in a code. */
export const FREE_ENTRY_CODE_DIGITS = 6;
/** A code works for this long after it was sent. */
export const FREE_ENTRY_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries of one code; the last one kills it (a new code must be asked for). */
export const FREE_ENTRY_CODE_MAX_TRIES = 5;

/** Code sends allowed per hour: to one number, from one client address (clientKey), for one board. */
export const freeEntryCodeSendLimits = {
  perNumber: { max: 3, windowMs: 60 * 60_000 },
  perAddress: { max: 10, windowMs: 60 * 60_000 },
  perBoard: { max: 60, windowMs: 60 * 60_000 },
} as const;

/** The form's words before a code is sent: what will be texted, and why. */
export const FREE_ENTRY_CODE_NOTICE =
  "We'll text a 6-digit code to this number to confirm it's you. It's the only text we send without your consent.";

/** A board's name as the code's text says it: letters, digits and plain punctuation only (never a link). */
export function codeTextBoardName(teamA: string, teamB: string): string {
  const plain = (s: string) =>
    s
      .replace(/[^\p{L}\p{N} '&-]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
  return `${plain(teamA) || 'Team A'} vs ${plain(teamB) || 'Team B'}`;
}

/** The whole text: the code and what it is for, nothing promotional, no link. */
export function freeEntryCodeText(code: string, boardName: string): string {
  return `Your FanGrid code is ${code}. It confirms your free entry on ${boardName}.`;
}

/** Whether a text is exactly a free entry's code text (the only shape the outbox sends without consent). */
export function isFreeEntryCodeText(body: string): boolean {
  return /^Your FanGrid code is \d{6}\. It confirms your free entry on [\p{L}\p{N} '&-]{1,40} vs [\p{L}\p{N} '&-]{1,40}\.$/u.test(
    body,
  );
}

/** What the form and the API say about codes. */
export const freeEntryCodeMessages = {
  required: 'Enter the 6-digit code we texted you',
  format: 'The code is 6 digits',
  none: 'Ask for a code first: we text it to this number.',
  wrong: 'That code does not match the one we texted. Check it and try again.',
  expired: 'That code has expired. Ask for a new one.',
  dead: 'Too many wrong tries for that code. Ask for a new one.',
  used: 'That code was already used. Ask for a new one.',
  optedOut: 'This number replied STOP, so we cannot text it a code. Text START to opt back in, then try again.',
  perNumber: 'Too many codes were sent to this number. Try again later.',
  perAddress: 'Too many codes were asked for from your network. Try again later.',
  perBoard: 'This board has sent as many codes as it may for now. Try again later.',
  sent: (minutes: number) => `We texted a code to this number. It works for ${minutes} minutes.`,
} as const;
