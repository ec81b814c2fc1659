import type { JsonValue } from '../json';

export const REDACTED = '[redacted]';

// Key names whose values are credentials, matched case-insensitively on the whole name or its
// ending (camelCase or snake_case): `value` of a secret, `url` of a connector, `passwordHash`,
// `tokenHash`, `apiKey`, `wrappedDataKey`, `authorization`… — while `tokenRateLimitPerMinute`
// or `urlSecretRef` (a name, not a value) stay readable.
const SENSITIVE =
  /(value|password|passwordhash|secret|token|tokenhash|ciphertext|url|apikey|datakey|authorization|credentials?|privatekey|plaintext)$/;

function sensitive(key: string): boolean {
  return SENSITIVE.test(key.replace(/[-_]/g, '').toLowerCase());
}

/**
 * A copy of `value` with every credential-looking field replaced by "[redacted]", at any depth,
 * for audit before/after snapshots. `extraKeys` adds names to hide.
 */
export function redactForAudit(value: unknown, extraKeys: readonly string[] = []): JsonValue {
  const extra = new Set(extraKeys.map((key) => key.toLowerCase()));
  const walk = (node: unknown): JsonValue => {
    if (node === null || node === undefined) return null;
    if (node instanceof Date) return node.toISOString();
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object') {
      const out: Record<string, JsonValue> = {};
      for (const [key, child] of Object.entries(node)) {
        if (child === undefined) continue;
        out[key] =
          (sensitive(key) || extra.has(key.toLowerCase())) && child !== null
            ? REDACTED
            : walk(child);
      }
      return out;
    }
    if (typeof node === 'bigint') return node.toString();
    if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean')
      return node;
    return String(node);
  };
  return walk(value);
}
