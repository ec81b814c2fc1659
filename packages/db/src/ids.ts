import { randomFillSync } from 'node:crypto';

/** Every prefix in use; a prefix names the kind of row in logs and URLs. */
export type IdPrefix =
  | 'usr'
  | 'acc'
  | 'ses'
  | 'thr'
  | 'ws'
  | 'mem'
  | 'inv'
  | 'con'
  | 'sec'
  | 'pol'
  | 'tool'
  | 'tv'
  | 'tok'
  | 'pat'
  | 'idem'
  | 'call'
  | 'aud';

// Crockford base32, lowercase: no i, l, o, u, so ids read unambiguously.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

// CSPRNG bytes drawn in blocks: the invocation log makes an id per logged call, and one
// `randomBytes(10)` each cost a call into OpenSSL per id. Each byte is used once.
const POOL_BYTES = 4_096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/**
 * `<prefix>_` + 26 characters: 10 of millisecond timestamp (so ids sort by creation time, which
 * keeps B-tree inserts local) and 16 of randomness (80 bits from the CSPRNG), like a ULID.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  if (poolOffset + 10 > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const start = poolOffset;
  poolOffset += 10;
  let random = '';
  // 80 bits → 16 base32 digits, 5 bits at a time.
  let buffer = 0;
  let bits = 0;
  for (let i = start; i < start + 10; i++) {
    buffer = (buffer << 8) | pool[i]!;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      random += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return `${prefix}_${time}${random}`;
}

const ID = /^[a-z]+_[0-9a-hjkmnp-tv-z]{26}$/;

/** Whether `value` looks like an id with this prefix (cheap input check before a query). */
export function isId(prefix: IdPrefix, value: string): boolean {
  return value.startsWith(`${prefix}_`) && ID.test(value);
}
