const encoder = new TextEncoder();

/**
 * Compares two strings in time that depends only on their lengths, not on where they differ
 * (pure TS; no node:crypto). The UTF-8 bytes are compared.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const length = Math.max(x.length, y.length);
  let diff = x.length ^ y.length;
  for (let i = 0; i < length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
