import { describe, expect, it } from 'vitest';
import { clientOf } from '../../src/server/features/boards/entry-budget';

describe('the client an address stands for (entry limit key)', () => {
  it('is an IPv4 address itself, however it is written', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however the address inside it is picked or written", () => {
    const block = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::ffff',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2::9',
      '2001:db8:1:2:3:4:198.51.100.1',
    ]) {
      expect(clientOf(address), address).toBe(block);
    }
    expect(clientOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientOf('2001:db8:1::5')).toBe('2001:db8:1:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientOf('unknown')).toBe('unknown');
  });
});
