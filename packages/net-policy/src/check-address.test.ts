import { describe, expect, it } from 'vitest';
import { checkAddress } from './check-address';
import type { NetPolicy } from './net-policy-types';

const hosted: NetPolicy = { allowPrivateNetworks: false };
const local: NetPolicy = { allowPrivateNetworks: true };

type Row = [address: string, hostedOutcome: string, localOutcome: string];

// Outcome: 'ok' or the refusal reason, under hosted (private refused) and local (private allowed).
const TABLE: Row[] = [
  ['8.8.8.8', 'ok', 'ok'],
  ['93.184.215.14', 'ok', 'ok'],
  ['2606:4700:4700::1111', 'ok', 'ok'],
  ['1.1.1.1', 'ok', 'ok'],
  // loopback
  ['127.0.0.1', 'loopback', 'ok'],
  ['127.255.255.254', 'loopback', 'ok'],
  ['::1', 'loopback', 'ok'],
  ['[::1]', 'loopback', 'ok'],
  ['::ffff:127.0.0.1', 'loopback', 'ok'],
  ['::ffff:7f00:1', 'loopback', 'ok'],
  ['::127.0.0.1', 'loopback', 'ok'],
  // private
  ['10.0.0.1', 'private', 'ok'],
  ['10.255.255.255', 'private', 'ok'],
  ['172.16.0.1', 'private', 'ok'],
  ['172.31.255.255', 'private', 'ok'],
  ['192.168.1.1', 'private', 'ok'],
  ['100.64.0.1', 'private', 'ok'],
  ['100.127.255.255', 'private', 'ok'],
  ['198.18.0.1', 'private', 'ok'],
  ['fc00::1', 'private', 'ok'],
  ['fd12:3456::1', 'private', 'ok'],
  ['::ffff:10.0.0.1', 'private', 'ok'],
  ['::ffff:a00:1', 'private', 'ok'],
  ['64:ff9b::10.0.0.1', 'private', 'ok'],
  ['2002:a00:1::', 'private', 'ok'],
  // just outside the private ranges
  ['172.15.255.255', 'ok', 'ok'],
  ['172.32.0.0', 'ok', 'ok'],
  ['100.63.255.255', 'ok', 'ok'],
  ['100.128.0.0', 'ok', 'ok'],
  ['11.0.0.0', 'ok', 'ok'],
  ['192.169.0.1', 'ok', 'ok'],
  // link-local: always refused
  ['169.254.0.1', 'link-local', 'link-local'],
  ['169.254.255.255', 'link-local', 'link-local'],
  ['fe80::1', 'link-local', 'link-local'],
  ['fe80::1%eth0', 'link-local', 'link-local'],
  ['febf::1', 'link-local', 'link-local'],
  ['::ffff:169.254.1.1', 'link-local', 'link-local'],
  // metadata: always refused, however spelled
  ['169.254.169.254', 'metadata', 'metadata'],
  ['169.254.170.2', 'metadata', 'metadata'],
  ['100.100.100.200', 'metadata', 'metadata'],
  ['192.0.0.192', 'metadata', 'metadata'],
  ['fd00:ec2::254', 'metadata', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata', 'metadata'],
  ['64:ff9b::a9fe:a9fe', 'metadata', 'metadata'],
  ['2002:a9fe:a9fe::1', 'metadata', 'metadata'],
  ['::169.254.169.254', 'metadata', 'metadata'],
  // unspecified, multicast, reserved: always refused
  ['0.0.0.0', 'unspecified', 'unspecified'],
  ['0.1.2.3', 'unspecified', 'unspecified'],
  ['::', 'unspecified', 'unspecified'],
  ['::ffff:0.0.0.0', 'unspecified', 'unspecified'],
  ['224.0.0.1', 'multicast', 'multicast'],
  ['239.255.255.250', 'multicast', 'multicast'],
  ['ff02::1', 'multicast', 'multicast'],
  ['255.255.255.255', 'reserved', 'reserved'],
  ['240.0.0.1', 'reserved', 'reserved'],
  ['192.0.2.1', 'reserved', 'reserved'],
  ['2001:db8::1', 'reserved', 'reserved'],
  ['2001:0:4136:e378::1', 'reserved', 'reserved'],
  ['100::1', 'reserved', 'reserved'],
  ['4000::1', 'reserved', 'reserved'],
  ['::8.8.8.8', 'reserved', 'reserved'],
  // not an address: fail closed
  ['localhost', 'invalid', 'invalid'],
  ['127.1', 'invalid', 'invalid'],
  ['0x7f000001', 'invalid', 'invalid'],
  ['', 'invalid', 'invalid'],
];

describe('checkAddress', () => {
  it.each(TABLE)('%s: hosted %s, local %s', (address, hostedOutcome, localOutcome) => {
    for (const [policy, outcome] of [
      [hosted, hostedOutcome],
      [local, localOutcome],
    ] as const) {
      const verdict = checkAddress(address, policy);
      expect(verdict.allowed ? 'ok' : verdict.reason).toBe(outcome);
    }
  });

  it('normalises IPv4-mapped IPv6 to IPv4 in the verdict', () => {
    expect(checkAddress('::ffff:8.8.8.8', hosted)).toEqual({
      allowed: true,
      address: '8.8.8.8',
      family: 4,
      category: 'public',
    });
  });

  it('explains a refusal in words', () => {
    const verdict = checkAddress('10.0.0.1', hosted);
    expect(verdict).toMatchObject({
      allowed: false,
      message:
        '10.0.0.1 is a private network address (refused unless private networks are allowed)',
    });
    expect(checkAddress('169.254.169.254', local)).toMatchObject({
      message: '169.254.169.254 is a cloud metadata address',
    });
  });

  describe('deny list', () => {
    const policy: NetPolicy = {
      allowPrivateNetworks: true,
      deny: [
        { host: '127.0.0.1', port: 5432, database: 'toolplane' },
        { host: 'localhost', port: 6379, database: 0 },
        { host: '10.1.2.3', port: 5432 },
      ],
    };

    it.each([
      ['127.0.0.1', { port: 5432, database: 'toolplane' }, 'denied'],
      ['127.0.0.1', { port: 5432 }, 'denied'],
      ['127.0.0.2', { port: 5432 }, 'denied'],
      ['::1', { port: 5432 }, 'denied'],
      ['::ffff:127.0.0.1', { port: 5432 }, 'denied'],
      ['127.0.0.1', { port: 5432, database: 'tenant_test' }, 'ok'],
      ['127.0.0.1', { port: 5433 }, 'ok'],
      ['127.0.0.1', { port: 6379, database: 0 }, 'denied'],
      ['127.0.0.1', { port: 6379, database: '0' }, 'denied'],
      ['127.0.0.1', { port: 6379, database: 3 }, 'ok'],
      ['::1', { port: 6379 }, 'denied'],
      ['10.1.2.3', { port: 5432, database: 'anything' }, 'denied'],
      ['10.1.2.4', { port: 5432 }, 'ok'],
      ['10.1.2.3', { port: 80 }, 'ok'],
      ['10.1.2.3', {}, 'denied'],
    ] as const)('%s %j → %s', (address, target, outcome) => {
      const verdict = checkAddress(address, policy, target);
      expect(verdict.allowed ? 'ok' : verdict.reason).toBe(outcome);
    });

    it('refuses a denied address even when private networks are allowed', () => {
      expect(checkAddress('10.1.2.3', policy, { port: 5432 })).toMatchObject({
        allowed: false,
        message: "10.1.2.3 is reserved for the control plane's own services",
      });
    });
  });
});
