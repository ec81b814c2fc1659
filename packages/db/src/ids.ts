import { randomBytes } from 'node:crypto';

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
  const bytes = randomBytes(10);
  let random = '';
  // 80 bits → 16 base32 digits, 5 bits at a time.
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
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
