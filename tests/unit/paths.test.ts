import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnder, normalizedPath } from '../../src/server/http/paths';
import { pathSpellings } from '../support/spellings';

describe('normalizedPath', () => {
  it('reads every spelling of an admin path as the admin path', () => {
    for (const path of ['/api/admin/entries', '/api/admin/exports/game-entries.csv', '/api/admin']) {
      for (const spelling of pathSpellings(path)) {
        expect(isUnder(normalizedPath(spelling), '/api/admin'), spelling).toBe(true);
      }
    }
  });

  it('keeps other paths apart: /api/admin-gate is not under /api/admin', () => {
    expect(isUnder(normalizedPath('/api/admin-gate/passcode'), '/api/admin')).toBe(false);
    expect(isUnder(normalizedPath('/api/administrator'), '/api/admin')).toBe(false);
    expect(isUnder(normalizedPath('/api/admin/../boards/x'), '/api/admin')).toBe(false);
  });

  it('never throws, and percent-encoding any characters of a path leaves its reading unchanged', () => {
    const segment = fc.stringMatching(/^[a-z0-9._-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.array(fc.boolean()), (segments, mask) => {
        const path = `/${segments.join('/')}`;
        const encoded = [...path]
          .map((ch, i) => (ch !== '/' && mask[i % Math.max(1, mask.length)] ? `%${ch.charCodeAt(0).toString(16)}` : ch))
          .join('');
        expect(normalizedPath(encoded)).toBe(normalizedPath(path));
      }),
    );
    fc.assert(fc.property(fc.string(), (s) => typeof normalizedPath(s) === 'string'));
    // A malformed escape sequence is decoded escape by escape instead of throwing.
    expect(normalizedPath('/%E0%A4%A/%61dmin')).toMatch(/\/admin$/);
  });
});
