import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './create-memory-cache';

describe('in-memory result cache', () => {
  it('expires entries by TTL', async () => {
    const now = { t: 0 };
    const cache = createMemoryCache({ maxBytes: 10_000, now: () => now.t });
    cache.set('k', 'v', 2);
    expect(cache.get('k')).toBe('v');
    now.t = 2_001;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('stays within its byte budget, evicting the least recently used', () => {
    const cache = createMemoryCache({ maxBytes: 1_000 });
    const value = 'x'.repeat(80); // (1 + 80) × 2 + 64 = 226 bytes an entry
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, value, 60);
    expect(cache.bytes).toBe(904);
    expect(cache.get('a')).toBe(value); // a is now the most recent
    cache.set('e', value, 60);
    expect(cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd', 'e']) expect(cache.get(key)).toBe(value);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it('refuses a value over a quarter of the budget instead of flushing everything', () => {
    const cache = createMemoryCache({ maxBytes: 1_000 });
    cache.set('small', 'v', 60);
    cache.set('huge', 'x'.repeat(200), 60);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBe('v');
  });
});
