import { randomBytes, randomUUID } from 'node:crypto';

/** `crypto.randomUUID()` and `crypto.getRandomValues()` inside the isolate, from the host's CSPRNG. */
export function randomBridge(kind: unknown, length: unknown): string | ArrayBuffer | null {
  if (kind === 'uuid') return randomUUID();
  if (kind === 'bytes' && typeof length === 'number' && length >= 0 && length <= 65536) {
    const bytes = randomBytes(length);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  return null;
}
