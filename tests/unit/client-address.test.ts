import { describe, expect, it } from 'vitest';
import { type ClientKey, clientKey } from '../../src/server/http/client-address';

describe('clientKey', () => {
  it('counts every spelling of one IPv4 address as that address', () => {
    for (const spelling of [
      '203.0.113.9',
      ' 203.0.113.9 ',
      '::ffff:203.0.113.9',
      '::FFFF:203.0.113.9',
      '[::ffff:203.0.113.9]',
      '0:0:0:0:0:ffff:203.0.113.9',
      '0000:0000:0000:0000:0000:FFFF:CB00:7109',
      '::ffff:cb00:7109',
    ]) {
      expect(clientKey(spelling), spelling).toBe('203.0.113.9');
    }
  });

  it('counts an IPv6 address under its /64, whatever its spelling and interface suffix', () => {
    const key = '2001:db8:0:1::/64';
    for (const spelling of [
      '2001:db8:0:1::1',
      '2001:DB8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:0002',
      '[2001:db8:0:1::3]',
      '2001:db8:0:1:abcd::%eth0',
      '2001:db8:0:1:1:2:1.2.3.4',
    ]) {
      expect(clientKey(spelling), spelling).toBe(key);
    }
    expect(clientKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%lo0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything that is not an IP address as it is (lower-cased), never throwing', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('001.2.3.4')).toBe('001.2.3.4');
    expect(clientKey('1::2::3')).toBe('1::2::3');
  });
});

describe('clientKey: the same cases as the entry limit reads them', () => {
  it('is an IPv4 address itself, however it is written', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
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
      expect(clientKey(address), address).toBe(block);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8:1::5')).toBe('2001:db8:1:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('ClientKey: only clientKey makes one', () => {
  it('refuses a raw address where a limit takes a client (checked by the type checker), accepts clientKey', () => {
    const counted: string[] = [];
    const count = (client: ClientKey) => counted.push(`entries:${client}`);
    // @ts-expect-error a raw address (req.ip) is not a ClientKey: it must go through clientKey first
    count('::ffff:203.0.113.7');
    count(clientKey('::ffff:203.0.113.7'));
    count(clientKey('2001:db8:1:2::99'));
    expect(counted).toEqual(['entries:::ffff:203.0.113.7', 'entries:203.0.113.7', 'entries:2001:db8:1:2::/64']);
    // A key is its own key: counting a ClientKey again changes nothing.
    expect(clientKey(clientKey('2001:db8:1:2::99'))).toBe('2001:db8:1:2::/64');
  });
});
