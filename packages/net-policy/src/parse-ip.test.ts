import { describe, expect, it } from 'vitest';
import { formatIp, parseIp, parseIpv4, parseIpv6 } from './parse-ip';

describe('parseIp', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::1', '::1'],
    ['::', '::'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
  ])('parses %s as %s', (input, canonical) => {
    const ip = parseIp(input);
    expect(ip).not.toBeNull();
    expect(formatIp(ip!)).toBe(canonical);
  });

  it.each([
    '',
    'localhost',
    '127.1',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '01.2.3.4',
    '256.0.0.1',
    '1.2.3.4.5',
    '1.2.3',
    '::1::2',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '12345::',
    'g::1',
    '::ffff:1.2.3',
    '2130706433',
  ])('rejects %j', (input) => {
    expect(parseIp(input)).toBeNull();
  });

  it('keeps the families apart', () => {
    expect(parseIpv4('::1')).toBeNull();
    expect(parseIpv6('1.2.3.4')).toBeNull();
  });
});
