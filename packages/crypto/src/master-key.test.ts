import { describe, expect, it } from 'vitest';
import { CryptoError } from './crypto-error';
import { generateMasterKey, parseMasterKey } from './master-key';

describe('parseMasterKey', () => {
  it('reads base64 and base64url of the same 32 bytes as the same key', () => {
    const bytes = Buffer.alloc(32);
    for (let i = 0; i < 32; i++) bytes[i] = 250 - i; // includes bytes that encode to + / - _
    const a = parseMasterKey(bytes.toString('base64'));
    const b = parseMasterKey(bytes.toString('base64url'));
    expect(a.key).toEqual(new Uint8Array(bytes));
    expect(b.key).toEqual(a.key);
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('derives the id from SHA-256 of the key', async () => {
    const { createHash } = await import('node:crypto');
    const raw = Buffer.alloc(32, 9);
    const expected = createHash('sha256').update(raw).digest('hex').slice(0, 16);
    expect(parseMasterKey(raw.toString('base64')).id).toBe(expected);
  });

  it('accepts what generateMasterKey produces, and each one is new', () => {
    const first = generateMasterKey();
    expect(parseMasterKey(first).key).toHaveLength(32);
    expect(generateMasterKey()).not.toBe(first);
  });

  it.each([
    ['empty', ''],
    ['too short', Buffer.alloc(31, 1).toString('base64')],
    ['too long', Buffer.alloc(33, 1).toString('base64')],
    ['not base64', `${'!'.repeat(43)}=`],
    ['mixed alphabets', `+_${'A'.repeat(41)}=`],
    ['hex instead of base64', 'ab'.repeat(32)],
  ])('rejects a key that is %s as MALFORMED without echoing it', (_label, value) => {
    try {
      parseMasterKey(value);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe('MALFORMED');
      if (value) expect((error as Error).message).not.toContain(value);
    }
  });
});
