import { hash, randomBytes } from 'node:crypto';

/** `<prefix>` + 43 characters of base64url: 256 bits of randomness (DESIGN §4). */
export function generateTokenSecret(prefix: 'tp_' | 'tpp_'): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 (hex) of a token: what is stored and looked up. A fast hash is right here, since the
 *  input has 256 bits of entropy (nothing to brute-force), and it keeps lookups O(1). */
export function hashToken(token: string): string {
  // The one-shot `hash` (no Hash object): the runtime hashes the bearer of every request.
  return hash('sha256', token, 'hex');
}

/** What the dashboard shows: the prefix and six characters ("tp_AbCdEf"). */
export function displayPrefix(token: string): string {
  return token.slice(0, token.indexOf('_') + 7);
}
