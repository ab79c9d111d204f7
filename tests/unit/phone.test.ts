import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionalPhoneNumber, phoneNumber } from '../../src/shared/contracts/text';
import { normalizePhone, phoneFormatProblem, phoneMessages } from '../../src/shared/domain/phone';
import { FICTION_AREA_CODES, FICTION_PHONE_COUNT, fictionPhone } from '../support/fiction-phones.mjs';

/** The ways people write one US number, from its area code, exchange and line. */
const spellings: Array<(a: string, x: string, l: string) => string> = [
  (a, x, l) => `+1${a}${x}${l}`,
  (a, x, l) => `+1 (${a}) ${x}-${l}`,
  (a, x, l) => `+1 ${a} ${x} ${l}`,
  (a, x, l) => `+1-${a}-${x}-${l}`,
  (a, x, l) => `${a}-${x}-${l}`,
  (a, x, l) => `(${a}) ${x}-${l}`,
  (a, x, l) => `(${a})${x}-${l}`,
  (a, x, l) => `${a}.${x}.${l}`,
  (a, x, l) => `${a}${x}${l}`,
  (a, x, l) => `1${a}${x}${l}`,
  (a, x, l) => `1 ${a} ${x} ${l}`,
  (a, x, l) => `  +1 ${a} ${x}${l}  `,
];

const fictionArea = fc.constantFrom(...[202, 212, 312, 415, 617, ...FICTION_AREA_CODES].map(String));
const line = fc.integer({ min: 0, max: 99 }).map((n) => `01${String(n).padStart(2, '0')}`);
const spelling = fc.constantFrom(...spellings);

describe('the phone rule: a valid US number, kept in E.164', () => {
  it('reads every usual spelling of a fiction number (555-01XX under a real area code) as its E.164 form', () => {
    fc.assert(
      fc.property(fictionArea, line, spelling, (area, l, spell) => {
        expect(normalizePhone(spell(area, '555', l))).toBe(`+1${area}555${l}`);
      }),
    );
  });

  it('gives a form the rule reads back as itself, and nothing but +1 and ten digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\+?[\d ().-]{0,20}$/)), (typed) => {
        const stored = normalizePhone(typed);
        if (stored === null) return;
        expect(stored).toMatch(/^\+1[2-9]\d{9}$/);
        expect(normalizePhone(stored)).toBe(stored);
      }),
    );
  });

  it('refuses area code 555, whatever the spelling and the seven digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{4}$/), spelling, (x, l, spell) => {
        expect(normalizePhone(spell('555', x, l))).toBeNull();
      }),
    );
  });

  it('refuses anything with a character a phone number is not written with', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.nat(9), (junk, at) => {
        fc.pre(/[^\d ().+-]/.test(junk));
        const typed = '2025550123'.slice(0, at) + junk + '2025550123'.slice(at);
        expect(normalizePhone(typed)).toBeNull();
      }),
    );
  });

  it('refuses short, made-up and non-US numbers', () => {
    for (const bad of [
      '',
      '123',
      '555-0100',
      '+15551234567',
      '(555) 123-4567',
      '+442071234567',
      '+44 7911 123456',
      '+1 416 555 0123', // Canada shares +1 but is not the US
      '+1 787 555 0123', // Puerto Rico has its own region code
      '0123',
      '+0123',
      '12345',
      '12ab',
      'call the office',
      '+',
      '()',
      '+1 202 555 0123 ext 9',
      '202\u00005550123',
      '202\n5550123',
      '+1+2025550123',
      '1234567890123456789',
      '1'.repeat(31),
      '٢٠٢٥٥٥٠١٢٣', // Arabic-Indic digits
      '🏈🏀⚾',
    ]) {
      expect(normalizePhone(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('the contract gives the E.164 form, or the field’s message', () => {
    expect(phoneNumber().parse('(202) 555-0123')).toBe('+12025550123');
    expect(phoneNumber().parse('202.555.0123')).toBe('+12025550123');
    expect(phoneNumber().parse('+1 202 555 0123')).toBe('+12025550123');
    expect(phoneNumber().safeParse('').error?.issues[0]?.message).toBe(phoneMessages.required);
    for (const bad of ['123', '555-0100', '+15551234567', '+442071234567']) {
      expect(phoneNumber().safeParse(bad).error?.issues[0]?.message, bad).toBe('Enter a valid US phone number');
    }
    expect(optionalPhoneNumber().parse('')).toBe('');
    expect(optionalPhoneNumber().parse(undefined)).toBeUndefined();
    expect(optionalPhoneNumber().parse('212 555 0142')).toBe('+12125550142');
    expect(optionalPhoneNumber().safeParse('555-0100').success).toBe(false);
    expect(phoneFormatProblem('')).toBeUndefined();
    expect(phoneFormatProblem('555-0100')).toBe('Enter a valid US phone number');
    expect(phoneFormatProblem('202-555-0123')).toBeUndefined();
  });

  it('the tests’ fiction numbers are all valid and all distinct', () => {
    const all = Array.from({ length: FICTION_PHONE_COUNT }, (_, n) => fictionPhone(n));
    expect(new Set(all).size).toBe(FICTION_PHONE_COUNT);
    for (const phone of all) expect(normalizePhone(phone), phone).toBe(phone);
    expect(fictionPhone(FICTION_PHONE_COUNT)).toBe(fictionPhone(0));
  });
});
