import { redactParams } from '../policies/policy-params';

/**
 * An inline auth block as a browser or API client may see it: credential parameters replaced by
 * `[redacted]`, like a shared policy's — whether stored sealed or (legacy) in plaintext. Every
 * service that hands a tool row out (show, list, history) passes it through here.
 */
export function redactInlineAuth<T>(authInline: T): T {
  if (authInline === null || typeof authInline !== 'object' || Array.isArray(authInline))
    return authInline;
  const block = authInline as Record<string, unknown>;
  if (!('params' in block)) return authInline;
  return { ...block, params: redactParams(block.params) } as T;
}
