import { describe, expect, it } from 'vitest';
import { CryptoError, type CryptoErrorCode } from './crypto-error';
import { generateDataKey, rewrapDataKey, unwrapDataKey, wrapDataKey } from './data-key';
import { decryptValue, encryptValue } from './encrypt-value';
import { generateMasterKey, parseMasterKey } from './master-key';

const master = parseMasterKey(generateMasterKey());
const otherMaster = parseMasterKey(generateMasterKey());

function codeOf(fn: () => unknown): CryptoErrorCode | 'no error' {
  try {
    fn();
    return 'no error';
  } catch (error) {
    if (error instanceof CryptoError) return error.code;
    throw error;
  }
}

/** Flips one bit of the sealed bytes at `index` (negative: from the end). */
function flipBit(payload: string, index: number): string {
  const bytes = Buffer.from(payload, 'base64url');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

describe('encryptValue / decryptValue', () => {
  const dataKey = generateDataKey();
  const aad = 'ws_acme/secret_db_password';

  it.each([
    ['ascii', 'hunter2'],
    ['unicode', 'pässwörd — 秘密 🔐 \u0000 end'],
    ['empty string', ''],
    ['1 MB', 'x'.repeat(1024 * 1024)],
  ])('round-trips %s', (_label, plaintext) => {
    const ciphertext = encryptValue(plaintext, dataKey, aad);
    expect(ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(decryptValue(ciphertext, dataKey, aad)).toBe(plaintext);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptValue('same', dataKey, aad)).not.toBe(encryptValue('same', dataKey, aad));
  });

  it('never contains the plaintext bytes', () => {
    const plaintext = 'postgres://admin:correct-horse-battery-staple@db.internal/prod';
    const ciphertext = encryptValue(plaintext, dataKey, aad);
    const sealed = Buffer.from(ciphertext.slice(3), 'base64url');
    expect(ciphertext).not.toContain('correct-horse');
    expect(sealed.includes(Buffer.from('correct-horse'))).toBe(false);
  });

  it.each([
    ['the IV', 0],
    ['the ciphertext', 14],
    ['the tag', -1],
  ])('rejects a bit flipped in %s as DECRYPT_FAILED', (_label, index) => {
    const ciphertext = encryptValue('a secret value', dataKey, aad);
    const tampered = `v1.${flipBit(ciphertext.slice(3), index)}`;
    expect(codeOf(() => decryptValue(tampered, dataKey, aad))).toBe('DECRYPT_FAILED');
  });

  it('rejects a value moved to another row or workspace (wrong AAD)', () => {
    const ciphertext = encryptValue('a secret value', dataKey, aad);
    expect(codeOf(() => decryptValue(ciphertext, dataKey, 'ws_acme/secret_other'))).toBe(
      'DECRYPT_FAILED',
    );
    expect(codeOf(() => decryptValue(ciphertext, dataKey, 'ws_evil/secret_db_password'))).toBe(
      'DECRYPT_FAILED',
    );
  });

  it('rejects another data key', () => {
    const ciphertext = encryptValue('a secret value', dataKey, aad);
    expect(codeOf(() => decryptValue(ciphertext, generateDataKey(), aad))).toBe('DECRYPT_FAILED');
  });

  it('keeps key material and plaintext out of error messages', () => {
    const ciphertext = encryptValue('super-secret-plaintext', dataKey, aad);
    try {
      decryptValue(ciphertext, dataKey, 'wrong');
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain('super-secret-plaintext');
      expect(message).not.toContain(Buffer.from(dataKey).toString('base64'));
      expect(message).not.toContain(Buffer.from(dataKey).toString('hex'));
    }
  });

  it.each([
    ['no prefix', (c: string) => c.slice(3)],
    ['another version', (c: string) => `v2.${c.slice(3)}`],
    ['truncated below iv + tag', (c: string) => c.slice(0, 20)],
    ['not base64url', (c: string) => `${c.slice(0, -2)}!!`],
    ['padded base64', (c: string) => `${c}=`],
    ['empty', () => ''],
  ])('rejects %s as MALFORMED', (_label, mangle) => {
    const ciphertext = encryptValue('value', dataKey, aad);
    expect(codeOf(() => decryptValue(mangle(ciphertext), dataKey, aad))).toBe('MALFORMED');
  });

  it('requires an AAD and a 32-byte key', () => {
    expect(codeOf(() => encryptValue('v', dataKey, ''))).toBe('MALFORMED');
    expect(codeOf(() => encryptValue('v', new Uint8Array(16), aad))).toBe('MALFORMED');
  });
});

describe('data keys', () => {
  it('wraps and unwraps a data key', () => {
    const dataKey = generateDataKey();
    expect(dataKey).toHaveLength(32);
    const wrapped = wrapDataKey(dataKey, master, 'ws_acme');
    expect(wrapped).toMatch(new RegExp(`^v1\\.${master.id}\\.[A-Za-z0-9_-]+$`));
    expect(unwrapDataKey(wrapped, master, 'ws_acme')).toEqual(dataKey);
  });

  it('gives two workspaces different data keys and different wrapped forms', () => {
    const acme = generateDataKey();
    const globex = generateDataKey();
    expect(acme).not.toEqual(globex);
    expect(wrapDataKey(acme, master, 'ws_acme')).not.toBe(wrapDataKey(globex, master, 'ws_globex'));
  });

  it('binds the wrapped key to its workspace', () => {
    const wrapped = wrapDataKey(generateDataKey(), master, 'ws_acme');
    expect(codeOf(() => unwrapDataKey(wrapped, master, 'ws_globex'))).toBe('DECRYPT_FAILED');
  });

  it('refuses to unwrap with a master key that did not wrap it', () => {
    const wrapped = wrapDataKey(generateDataKey(), master, 'ws_acme');
    expect(codeOf(() => unwrapDataKey(wrapped, otherMaster, 'ws_acme'))).toBe('UNKNOWN_MASTER_KEY');
    expect(codeOf(() => unwrapDataKey(wrapped, [], 'ws_acme'))).toBe('UNKNOWN_MASTER_KEY');
  });

  it('rejects a forged master id as DECRYPT_FAILED', () => {
    const wrapped = wrapDataKey(generateDataKey(), master, 'ws_acme');
    const forged = wrapped.replace(master.id, otherMaster.id);
    expect(codeOf(() => unwrapDataKey(forged, [master, otherMaster], 'ws_acme'))).toBe(
      'DECRYPT_FAILED',
    );
  });

  it('rejects tampering with the wrapped key', () => {
    const wrapped = wrapDataKey(generateDataKey(), master, 'ws_acme');
    const prefix = `v1.${master.id}.`;
    for (const index of [0, 20, -1]) {
      const tampered = prefix + flipBit(wrapped.slice(prefix.length), index);
      expect(codeOf(() => unwrapDataKey(tampered, master, 'ws_acme'))).toBe('DECRYPT_FAILED');
    }
  });

  it.each([
    ['a bad prefix', (w: string) => `v0${w.slice(2)}`],
    ['no master id', (w: string) => `v1.${w.split('.')[2]}`],
    ['a truncated payload', (w: string) => w.slice(0, 30)],
    ['a payload that is not base64url', (w: string) => `${w.slice(0, -1)}+`],
    ['garbage', () => 'not a wrapped key'],
  ])('rejects %s as MALFORMED', (_label, mangle) => {
    const wrapped = wrapDataKey(generateDataKey(), master, 'ws_acme');
    expect(codeOf(() => unwrapDataKey(mangle(wrapped), master, 'ws_acme'))).toBe('MALFORMED');
  });

  it('rotates the master key without touching values', () => {
    const dataKey = generateDataKey();
    const wrapped = wrapDataKey(dataKey, master, 'ws_acme');
    const value = encryptValue('s3cret', dataKey, 'ws_acme/secret_1');

    const rotated = rewrapDataKey(wrapped, [otherMaster, master], otherMaster, 'ws_acme');
    expect(rotated.startsWith(`v1.${otherMaster.id}.`)).toBe(true);

    const unwrapped = unwrapDataKey(rotated, [master, otherMaster], 'ws_acme');
    expect(decryptValue(value, unwrapped, 'ws_acme/secret_1')).toBe('s3cret');
    expect(codeOf(() => unwrapDataKey(rotated, master, 'ws_acme'))).toBe('UNKNOWN_MASTER_KEY');
  });

  it('does not mix up wrapped keys and values', () => {
    const dataKey = generateDataKey();
    const wrapped = wrapDataKey(dataKey, master, 'ws_acme');
    // A wrapped key is not a value, even to someone holding the master key as a "data key".
    const payload = `v1.${wrapped.split('.')[2]}`;
    expect(codeOf(() => decryptValue(payload, master.key, 'ws_acme'))).toBe('DECRYPT_FAILED');
  });
});
