import type ivm from 'isolated-vm';
import { describe, expect, it } from 'vitest';
import { newIsolate } from './new-isolate';

const MB = 1024 * 1024;

/**
 * Whether a full GC reclaimed released contexts while `count` were made and released one by one
 * (each leaves ~170 KB of old space; a scavenge alone frees far less than 1 MB here).
 */
async function fullGcWithin(isolate: ivm.Isolate, count: number): Promise<boolean> {
  let previous = 0;
  for (let i = 0; i < count; i++) {
    (await isolate.createContext()).release();
    const used = (await isolate.getHeapStatistics()).used_heap_size;
    if (used < previous - MB) return true;
    previous = used;
  }
  return false;
}

describe('newIsolate', () => {
  it('a small initial old space brings the first full GC early; V8 default otherwise', async () => {
    const small = newIsolate({ memoryLimit: 64 }, 4);
    // Created after the small one: the flag was put back, so this one has V8's initial limit
    // (half of 64 MB) and keeps every released context until far past 40.
    const standard = newIsolate({ memoryLimit: 64 }, 0);
    try {
      expect(await fullGcWithin(small, 40)).toBe(true);
      expect(await fullGcWithin(standard, 40)).toBe(false);
    } finally {
      small.dispose();
      standard.dispose();
    }
  });
});
