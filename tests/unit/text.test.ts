import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multiLine, secretText, singleLine } from '../../src/shared/contracts/text';
import { isMultiLineText, isSingleLineText, toMultiLine, toSingleLine } from '../../src/shared/domain/text';

/** Every character no text field takes, by name (line breaks and tabs are only refused on one line). */
const refusedEverywhere: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000b'],
  ['form feed', '\u000c'],
  ['ESC', '\u001b'],
  ['unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['C1 padding', '\u0080'],
  ['C1 NEL', '\u0085'],
  ['C1 APC', '\u009f'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['left-to-right embedding', '\u202a'],
  ['right-to-left embedding', '\u202b'],
  ['pop directional formatting', '\u202c'],
  ['left-to-right override', '\u202d'],
  ['right-to-left override', '\u202e'],
  ['left-to-right isolate', '\u2066'],
  ['right-to-left isolate', '\u2067'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['lone high surrogate', '\ud83d'],
  ['lone low surrogate', '\ude00'],
  ['lone carriage return', '\r'],
];

describe('single-line and multi-line text', () => {
  it('refuses each refused character anywhere in the text, on one line and on several', () => {
    for (const [name, c] of refusedEverywhere) {
      for (const text of [`${c}Jordan`, `Jor${c}dan`, `Jordan${c}`]) {
        expect(isSingleLineText(text), name).toBe(false);
        expect(isMultiLineText(text), name).toBe(false);
      }
    }
  });

  it('refuses tabs and line breaks on one line, keeps \\n, \\r\\n and \\t on several', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(isSingleLineText(text)).toBe(false);
      expect(isMultiLineText(text)).toBe(true);
    }
  });

  it('takes real text of every script: accents, emoji (pairs and joiners), right-to-left names, marks', () => {
    for (const text of [
      'Zoë',
      'Ñandú',
      '李小龍',
      'Ὀδυσσεύς',
      'محمد',
      'שָׁלוֹם',
      '👍🏽',
      '👨‍👩‍👧',
      '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
      'O’Neil',
      'a\u200fb', // a right-to-left mark is a mark, not an override
      'x\u00a0y',
    ]) {
      expect(isSingleLineText(text), text).toBe(true);
      expect(isMultiLineText(text), text).toBe(true);
    }
  });

  it('cleaning gives text the checks take, and leaves good text alone (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const one = toSingleLine(s);
        expect(isSingleLineText(one)).toBe(true);
        expect(toSingleLine(one)).toBe(one);
        const many = toMultiLine(s);
        expect(isMultiLineText(many)).toBe(true);
        expect(toMultiLine(many)).toBe(many);
      }),
    );
  });

  it('the zod helpers trim, then refuse with the field named; a secret is kept exactly', () => {
    const nickname = singleLine('Nickname').max(7);
    expect(nickname.parse('  Jo  ')).toBe('Jo');
    expect(nickname.parse(' Jo\n')).toBe('Jo'); // surrounding whitespace (a pasted newline) is trimmed first
    const refused = nickname.safeParse('Jo\u0000e');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Nickname contains characters that are not allowed');
    expect(multiLine('Message').parse(' a\r\nb ')).toBe('a\r\nb');
    expect(multiLine('Message').safeParse('a\u0000b').success).toBe(false);
    expect(secretText('Password').parse(' pass word ')).toBe(' pass word ');
    expect(secretText('Password').safeParse('pass\u0000word').success).toBe(false);
    // A non-string is refused with the given message.
    const required = singleLine('Name', { error: 'Name is required' });
    expect(z.object({ name: required }).safeParse({}).error?.issues[0]?.message).toBe('Name is required');
  });
});
