import { createHash, randomBytes } from 'node:crypto';
import { KEY_BYTES, malformed } from './aes-gcm';

export interface MasterKey {
  /** First 16 hex characters of SHA-256(key): names the key in wrapped data keys, reveals nothing. */
  id: string;
  key: Uint8Array;
}

// 32 bytes are 43 base64 characters plus one '=' of padding; either alphabet, not mixed.
const BASE64_32 = /^(?:[A-Za-z0-9+/]{43}|[A-Za-z0-9_-]{43})=?$/;

/** Reads TOOLPLANE_MASTER_KEY: base64 or base64url of 32 bytes. The error never echoes the value. */
export function parseMasterKey(base64: string): MasterKey {
  if (typeof base64 !== 'string' || !BASE64_32.test(base64.trim())) {
    throw malformed(`master key must be ${KEY_BYTES} bytes encoded as base64 or base64url`);
  }
  const key = new Uint8Array(Buffer.from(base64.trim().replace(/=$/, ''), 'base64url'));
  if (key.length !== KEY_BYTES) {
    throw malformed(`master key must be ${KEY_BYTES} bytes encoded as base64 or base64url`);
  }
  return { id: masterKeyId(key), key };
}

export function masterKeyId(key: Uint8Array): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** A fresh master key as base64; only the `npm start` launcher uses this, for development keys. */
export function generateMasterKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}
