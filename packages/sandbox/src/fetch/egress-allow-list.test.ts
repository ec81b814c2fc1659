import { describe, expect, it } from 'vitest';
import { isEgressAllowed } from './egress-allow-list';

describe('isEgressAllowed', () => {
  const list = [
    'api.example.com',
    '*.internal.example.org',
    'pinned.example.com:8443',
    '127.0.0.1',
    '[::1]:8080',
    'explicit.example.com:80',
  ];

  it.each([
    ['https://api.example.com/v1', true],
    ['http://API.EXAMPLE.COM:9999/', true],
    ['https://api.example.com./', true],
    ['https://evil-api.example.com/', false],
    ['https://api.example.com.evil.net/', false],
    ['https://a.internal.example.org/', true],
    ['https://a.b.internal.example.org/', true],
    ['https://internal.example.org/', false],
    ['https://pinned.example.com:8443/', true],
    ['https://pinned.example.com/', false],
    ['http://127.0.0.1:4010/', true],
    ['http://127.0.0.2/', false],
    ['http://[::1]:8080/', true],
    ['http://[::1]:8081/', false],
    ['http://explicit.example.com/', true],
    ['http://explicit.example.com:81/', false],
    ['https://other.example.com/', false],
  ])('%s → %s', (url, allowed) => {
    expect(isEgressAllowed(new URL(url), list)).toBe(allowed);
  });

  it('ignores malformed entries and allows nothing by default', () => {
    expect(isEgressAllowed(new URL('https://api.example.com/'), [])).toBe(false);
    expect(
      isEgressAllowed(new URL('https://api.example.com/'), [
        '',
        'api.example.com/path',
        'user@api.example.com',
      ]),
    ).toBe(false);
  });
});
