import { assertAad, assertKey, malformed, open, seal } from './aes-gcm';

// Encrypted form: "v1.<b64url(iv|ct|tag)>". The AAD names the row the value belongs to (e.g.
// workspace + secret id), so a ciphertext copied to another row or workspace fails to decrypt.

const PREFIX = 'v1.';

export function encryptValue(plaintext: string, dataKey: Uint8Array, aad: string): string {
  assertKey(dataKey, 'data key');
  assertAad(aad);
  if (typeof plaintext !== 'string') throw malformed('plaintext must be a string');
  return PREFIX + seal(dataKey, Buffer.from(plaintext, 'utf8'), valueAad(aad));
}

export function decryptValue(ciphertext: string, dataKey: Uint8Array, aad: string): string {
  assertKey(dataKey, 'data key');
  assertAad(aad);
  if (typeof ciphertext !== 'string' || !ciphertext.startsWith(PREFIX)) {
    throw malformed('encrypted value must start with v1.');
  }
  const bytes = open(dataKey, ciphertext.slice(PREFIX.length), valueAad(aad));
  try {
    return bytes.toString('utf8');
  } finally {
    bytes.fill(0);
  }
}

function valueAad(aad: string): string {
  return `toolplane:value:v1:${aad}`;
}
