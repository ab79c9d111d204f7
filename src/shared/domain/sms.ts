import type { BackoffPolicy } from './backoff';

/**
 * Texts to fans: the consent an entry form asks for, the keywords a fan may reply with, and how long a
 * text that could not be sent waits before the next try.
 */

/** The consent box on every board entry form, word for word; the entry stores the wording it was given. */
export const SMS_CONSENT_TEXT =
  'Text me about this board: when it locks, my numbers and if I win. Msg & data rates may apply. Reply STOP to opt out.';

/**
 * The replies carriers and Twilio treat as keywords (Twilio's default opt-out, opt-in and help words): a
 * reply is one only when it is the word alone, in any case, with any whitespace around it. "Stop texting me
 * please" is a message, not a keyword, exactly as Twilio reads it, so both sides agree on who opted out.
 */
export const smsKeywords = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;

export type SmsKeyword = keyof typeof smsKeywords;

/** What a reply asks for: opt out, opt back in, help, or nothing (an ordinary message). */
export function smsKeywordOf(body: string): { kind: SmsKeyword; word: string } | null {
  const word = body.trim().toUpperCase();
  for (const kind of Object.keys(smsKeywords) as SmsKeyword[]) {
    if ((smsKeywords[kind] as readonly string[]).includes(word)) return { kind, word };
  }
  return null;
}

/** The answer to HELP: who is texting and how to stop. */
export const SMS_HELP_REPLY =
  'FanGrid: texts about the boards you entered (when a board locks, your numbers and wins). Reply STOP to opt out, START to opt back in. Msg & data rates may apply.';

/**
 * Retries of a text the provider could not take (a 5xx, a timeout, a network error): 30 s, then doubling up
 * to an hour, jittered (domain/backoff), and given up as failed after `SMS_MAX_ATTEMPTS` tries in all.
 */
export const smsRetryPolicy: BackoffPolicy = { baseMs: 30_000, capMs: 60 * 60_000 };
export const SMS_MAX_ATTEMPTS = 8;
