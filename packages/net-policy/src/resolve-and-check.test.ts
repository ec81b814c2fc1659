import { describe, expect, it, vi } from 'vitest';
import type { ResolvedAddress, Resolver } from './net-policy-types';
import { resolveAndCheck } from './resolve-and-check';

function resolverFrom(table: Record<string, string[]>): Resolver {
  return vi.fn(async (hostname: string): Promise<ResolvedAddress[]> => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

const resolver = resolverFrom({
  'api.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
  'internal.example.com': ['10.0.0.7'],
  'meta.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'empty.example.com': [],
  'db.internal': ['10.9.9.9'],
});

describe('resolveAndCheck', () => {
  it('returns every checked address of a public host', async () => {
    const result = await resolveAndCheck('API.Example.com.', 443, {
      allowPrivateNetworks: false,
      resolver,
    });
    expect(result).toEqual({
      allowed: true,
      hostname: 'api.example.com',
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it.each([
    ['mixed.example.com', false, 'loopback'],
    ['internal.example.com', false, 'private'],
    ['meta.example.com', true, 'metadata'],
    ['mapped.example.com', true, 'metadata'],
    ['empty.example.com', true, 'unresolved'],
    ['nowhere.example.com', true, 'unresolved'],
    ['metadata.google.internal', true, 'metadata'],
    ['METADATA', true, 'metadata'],
    ['169.254.169.254', true, 'metadata'],
    ['[fe80::1]', true, 'link-local'],
    ['10.0.0.1', false, 'private'],
    ['[::1]', false, 'loopback'],
    ['127.0.0.1', false, 'loopback'],
  ] as const)('%s (private allowed: %s) → %s', async (hostname, allowPrivateNetworks, reason) => {
    const result = await resolveAndCheck(hostname, 443, { allowPrivateNetworks, resolver });
    expect(result).toMatchObject({ allowed: false, reason });
  });

  it('does not name the address a host resolved to', async () => {
    const result = await resolveAndCheck('internal.example.com', 443, {
      allowPrivateNetworks: false,
      resolver,
    });
    expect(result).toMatchObject({
      message:
        'internal.example.com resolves to a private network address (refused unless private networks are allowed)',
    });
    expect(JSON.stringify(result)).not.toContain('10.0.0.7');
  });

  it('checks IP literals without asking the resolver', async () => {
    const spy = resolverFrom({});
    const result = await resolveAndCheck('[::1]', 8080, {
      allowPrivateNetworks: true,
      resolver: spy,
    });
    expect(result).toEqual({
      allowed: true,
      hostname: '::1',
      addresses: [{ address: '::1', family: 6 }],
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a denied host by name before resolving it, and by address after', async () => {
    const spy = resolverFrom({ 'db.internal': ['10.9.9.9'], 'alias.internal': ['10.9.9.9'] });
    const deny = [
      { host: 'db.internal', port: 5432, database: 'toolplane' },
      { host: '10.9.9.9', port: 5432, database: 'toolplane' },
    ];
    const byName = await resolveAndCheck('db.internal', 5432, {
      allowPrivateNetworks: true,
      deny,
      resolver: spy,
    });
    expect(byName).toMatchObject({ allowed: false, reason: 'denied' });
    expect(spy).not.toHaveBeenCalled();

    const byAddress = await resolveAndCheck('alias.internal', 5432, {
      allowPrivateNetworks: true,
      deny,
      resolver: spy,
    });
    expect(byAddress).toMatchObject({ allowed: false, reason: 'denied' });

    const otherDatabase = await resolveAndCheck('db.internal', 5432, {
      allowPrivateNetworks: true,
      deny,
      database: 'tenant_a',
      resolver: spy,
    });
    expect(otherDatabase).toMatchObject({ allowed: true });
  });

  it('resolves once per call', async () => {
    const spy = resolverFrom({ 'api.example.com': ['93.184.215.14'] });
    await resolveAndCheck('api.example.com', 443, { allowPrivateNetworks: false, resolver: spy });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
