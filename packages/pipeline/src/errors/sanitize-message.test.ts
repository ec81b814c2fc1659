import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from './sanitize-message';

describe('sanitizeMessage', () => {
  const cases: [string, unknown, string[], string][] = [
    [
      'plain message',
      new Error('relation "users" does not exist'),
      [],
      'relation "users" does not exist',
    ],
    [
      'stack frames dropped',
      'boom\n    at handler (/srv/scripts/h.js:3:9)\n    at run (node:internal/x:1:1)',
      [],
      'boom',
    ],
    [
      'connection string removed',
      'connect failed: postgres://admin:s3cret@db.internal:5432/prod',
      [],
      'connect failed: [connection string]',
    ],
    [
      'redis url removed',
      'cannot reach rediss://:pw@cache:6380/0',
      [],
      'cannot reach [connection string]',
    ],
    [
      'credentials in other URLs removed',
      'fetch https://user:pw@api.example.com/v1 failed',
      [],
      'fetch https://[redacted]@api.example.com/v1 failed',
    ],
    [
      'unix paths removed',
      "ENOENT: no such file or directory, open '/home/app/secrets/key.pem'",
      [],
      "ENOENT: no such file or directory, open '[path]'",
    ],
    ['file URLs removed', 'cannot load file:///srv/app/handler.mjs', [], 'cannot load [path]'],
    ['windows paths removed', 'cannot open C:\\app\\db.sqlite', [], 'cannot open [path]'],
    [
      'secret values scrubbed, longest first',
      'auth failed for token abcdef123 (prefix abc)',
      ['abc', 'abcdef123'],
      'auth failed for token [redacted] (prefix [redacted])',
    ],
    ['very short secrets not scrubbed', 'an error', ['a'], 'an error'],
    ['non-errors', 42, [], 'unknown error'],
    ['objects with a message', { message: 'denied' }, [], 'denied'],
    ['empty message', new Error(''), [], 'unknown error'],
  ];
  it.each(cases)('%s', (_label, thrown, secrets, expected) => {
    expect(sanitizeMessage(thrown, secrets)).toBe(expected);
  });

  it('keeps URLs without credentials and ordinary slashes', () => {
    expect(sanitizeMessage('GET https://api.example.com/v1/users returned 500 (a/b)')).toBe(
      'GET https://api.example.com/v1/users returned 500 (a/b)',
    );
  });

  it('caps very long messages', () => {
    expect(sanitizeMessage('x'.repeat(5000)).length).toBeLessThanOrEqual(1001);
  });
});
