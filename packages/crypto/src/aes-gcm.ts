import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';

// AES-256-GCM with a 96-bit random IV (NIST SP 800-38D's recommended length) and the full
// 128-bit tag. Sealed form: iv | ciphertext | tag, encoded as unpadded base64url.

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function seal(key: Uint8Array, plaintext: Uint8Array, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function open(key: Uint8Array, sealed: string, aad: string): Buffer {
  const bytes = decodeSealed(sealed);
  const iv = bytes.subarray(0, IV_BYTES);
  const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    // Node's own message ("Unsupported state or unable to authenticate data") says nothing
    // more; a wrong key, a wrong AAD and tampering are deliberately indistinguishable.
    throw new CryptoError(
      'DECRYPT_FAILED',
      'decryption failed: wrong key, wrong context or tampered data',
    );
  }
}

function decodeSealed(sealed: string): Buffer {
  if (!BASE64URL.test(sealed)) throw malformed('payload is not base64url');
  const bytes = Buffer.from(sealed, 'base64url');
  // Buffer.from ignores stray trailing bits; re-encoding rejects every non-canonical spelling,
  // so one ciphertext has exactly one textual form.
  if (bytes.toString('base64url') !== sealed) throw malformed('payload is not canonical base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw malformed('payload is truncated');
  return bytes;
}

export function assertKey(key: Uint8Array, what: string): void {
  if (!(key instanceof Uint8Array) || key.length !== KEY_BYTES) {
    throw malformed(`${what} must be ${KEY_BYTES} bytes`);
  }
}

export function assertAad(aad: string): void {
  if (typeof aad !== 'string' || aad.length === 0) {
    throw malformed('aad must be a non-empty string naming what the ciphertext belongs to');
  }
}

export function malformed(reason: string): CryptoError {
  return new CryptoError('MALFORMED', `malformed input: ${reason}`);
}
