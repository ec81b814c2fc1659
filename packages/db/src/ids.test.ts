import { describe, expect, it } from 'vitest';
import { isId, newId } from './ids';

describe('newId', () => {
  it('is the prefix and 26 base32 characters', () => {
    const id = newId('tool');
    expect(id).toMatch(/^tool_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(isId('tool', id)).toBe(true);
    expect(isId('ws', id)).toBe(false);
  });

  it('sorts by creation time and does not repeat', () => {
    const earlier = newId('call', Date.UTC(2030, 0, 1));
    const later = newId('call', Date.UTC(2030, 0, 1, 0, 0, 0, 1));
    expect(earlier < later).toBe(true);
    const many = new Set(Array.from({ length: 10_000 }, () => newId('ws')));
    expect(many.size).toBe(10_000);
  });
});
