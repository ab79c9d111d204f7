import { describe, expect, it } from 'vitest';
import { flagCountryName } from '../../src/shared/domain/flags';

describe('flagCountryName', () => {
  it('names the country of a regional-indicator flag', () => {
    expect(flagCountryName('🇦🇺')).toBe('Australia');
    expect(flagCountryName('🇬🇧')).toBe('United Kingdom');
    expect(flagCountryName('🇲🇨')).toBe('Monaco');
  });

  it('names the UK nations written as tag sequences', () => {
    expect(flagCountryName('🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('England');
    expect(flagCountryName('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('Scotland');
  });

  it('gives nothing for text that is not a flag', () => {
    for (const s of ['', 'AU', '🇦', '🇦🇺🇦🇺', '⚽', '🏴']) expect(flagCountryName(s)).toBeUndefined();
  });
});
