import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { backoffDelay } from '../../src/shared/domain/backoff';
import { SMS_MAX_ATTEMPTS, smsKeywordOf, smsKeywords, smsRetryPolicy } from '../../src/shared/domain/sms';

describe('reply keywords', () => {
  it('reads every opt-out, opt-in and help word in any case with any whitespace around it', () => {
    for (const [kind, words] of Object.entries(smsKeywords)) {
      for (const word of words) {
        for (const spelling of [
          word,
          word.toLowerCase(),
          ` ${word}\t`,
          `\n${word[0]}${word.slice(1).toLowerCase()} `,
        ]) {
          expect(smsKeywordOf(spelling), JSON.stringify(spelling)).toEqual({ kind, word });
        }
      }
    }
  });

  it('knows Twilio’s default words: STOP and five synonyms, START/YES/UNSTOP, HELP/INFO', () => {
    expect([...smsKeywords.stop].sort()).toEqual(['CANCEL', 'END', 'QUIT', 'STOP', 'STOPALL', 'UNSUBSCRIBE']);
    expect([...smsKeywords.start].sort()).toEqual(['START', 'UNSTOP', 'YES']);
    expect([...smsKeywords.help].sort()).toEqual(['HELP', 'INFO']);
  });

  it('reads a sentence, a word with punctuation or a word inside another as an ordinary message', () => {
    for (const body of [
      '',
      '   ',
      'stop it',
      'please STOP',
      'STOP!',
      'S TOP',
      'stopp',
      'helpful',
      'start now',
      'ends',
    ]) {
      expect(smsKeywordOf(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('never reads a keyword out of text that is not one word alone (property)', () => {
    const all = Object.values(smsKeywords).flat() as string[];
    fc.assert(
      fc.property(fc.string(), (body) => {
        const found = smsKeywordOf(body);
        if (found) expect(all).toContain(body.trim().toUpperCase());
        else expect(all).not.toContain(body.trim().toUpperCase());
      }),
    );
  });
});

describe('retry schedule of a text', () => {
  const ceiling = (attempt: number) => Math.min(smsRetryPolicy.capMs, smsRetryPolicy.baseMs * 2 ** attempt);

  it('waits between half and all of a ceiling that starts at 30 s, doubles, and stops at an hour (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true }), (attempt, r) => {
        const wait = backoffDelay(attempt, () => r, smsRetryPolicy);
        expect(wait).toBeGreaterThanOrEqual(Math.floor(ceiling(attempt) / 2));
        expect(wait).toBeLessThanOrEqual(ceiling(attempt));
        expect(wait).toBeLessThanOrEqual(60 * 60_000);
      }),
    );
  });

  it('never waits less for a later try than the earliest wait of the try before (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 1, maxExcluded: true }), (attempt, r) => {
        expect(backoffDelay(attempt, () => r, smsRetryPolicy)).toBeGreaterThanOrEqual(
          backoffDelay(attempt - 1, () => 0, smsRetryPolicy),
        );
      }),
    );
  });

  it('spreads the tries over hours, not seconds, before giving up', () => {
    const ceilings = Array.from({ length: SMS_MAX_ATTEMPTS - 1 }, (_, a) => backoffDelay(a, () => 1, smsRetryPolicy));
    expect(ceilings).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000]);
  });
});

describe('Twilio settings', () => {
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const all = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'f'.repeat(32), TWILIO_FROM: '+12025550191' };

  it('uses Twilio with all three set, the dev outbox with none', () => {
    expect(loadConfig({}).twilio).toBeUndefined();
    expect(loadConfig(all).twilio).toEqual({
      accountSid: sid,
      authToken: 'f'.repeat(32),
      from: '+12025550191',
      apiBase: 'https://api.twilio.com',
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...all, TWILIO_API_BASE: 'http://127.0.0.1:4010/', TWILIO_TIMEOUT_MS: '500' }).twilio,
    ).toMatchObject({ apiBase: 'http://127.0.0.1:4010', timeoutMs: 500 });
  });

  it('refuses one or two of the three, naming all three', () => {
    for (const missing of Object.keys(all)) {
      const partial = { ...all, [missing]: undefined };
      expect(() => loadConfig(partial)).toThrow(ConfigError);
      expect(() => loadConfig(partial)).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three/);
    }
  });

  it('refuses a SID, sending number or API base that is not one', () => {
    expect(() => loadConfig({ ...all, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID: must be a Twilio/);
    expect(() => loadConfig({ ...all, TWILIO_FROM: '555-1234' })).toThrow(/TWILIO_FROM: must be the sending number/);
    expect(() => loadConfig({ ...all, TWILIO_API_BASE: 'ftp://x' })).toThrow(/TWILIO_API_BASE: must be an http/);
  });
});
