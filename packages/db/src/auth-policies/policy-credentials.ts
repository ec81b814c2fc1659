import { decryptValue, encryptValue } from '@toolplane/crypto';
import type { JsonValue } from '../json';

/**
 * Auth-policy parameters whose values are credentials (the api_key plugin's `value`, the jwt
 * plugin's HS256 `secret`). Mirrors `SECRET_PARAMS` in @toolplane/services, which is browser-safe
 * and so cannot import this package; a services test keeps the two equal.
 */
export const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set(['value', 'secret']);

/**
 * A credential at rest — a shared policy's parameter, or a tool's inline auth block parameter
 * (tools/inline-auth-credentials.ts seals those with the same functions and its own AAD):
 * `{ "$encrypted": "v1.<b64url(iv|ct|tag)>", "references"?: ["NAME"] }`,
 * sealed with the workspace's data key. An object (never a string) so no reader can mistake the
 * ciphertext for the key itself: the pipeline's schemas refuse it, so a value that was not
 * decrypted fails to compile (the tool denies) instead of matching a caller who sends the
 * ciphertext. `references` names the workspace secrets a mixed value (`prefix-{{ env.X }}`)
 * uses — names, not values — so the editor can still check them without decrypting.
 */
export interface EncryptedCredential {
  $encrypted: string;
  references?: string[];
}

/** `{{ env.NAME }}` alone names a workspace secret (already encrypted): it stays as written. */
const SECRET_REFERENCE = /^\s*\{\{\s*env\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}\s*$/;
const ENV_PLACEHOLDER = /\{\{\s*env\.([A-Za-z0-9_]+)\s*\}\}/g;

export function isEncryptedCredential(value: unknown): value is EncryptedCredential {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { $encrypted, references, ...rest } = value as Record<string, unknown>;
  return (
    typeof $encrypted === 'string' &&
    Object.keys(rest).length === 0 &&
    (references === undefined ||
      (Array.isArray(references) && references.every((r) => typeof r === 'string')))
  );
}

function seal(value: string, dataKey: Uint8Array, aad: string): JsonValue {
  const references = [...value.matchAll(ENV_PLACEHOLDER)].map((m) => m[1] as string);
  const $encrypted = encryptValue(value, dataKey, aad);
  return references.length > 0 ? { $encrypted, references } : { $encrypted };
}

/** Binds a ciphertext to its policy and parameter: copied to another row, it fails to decrypt. */
export function policyCredentialAad(workspaceId: string, policyId: string, param: string): string {
  return `${workspaceId}:auth-policy:${policyId}:${param}`;
}

/** True when `params` holds a literal credential that `encryptPolicyCredentials` would seal. */
export function hasPlaintextCredentials(params: Record<string, unknown>): boolean {
  return Object.entries(params).some(
    ([key, value]) =>
      CREDENTIAL_PARAMS.has(key) && typeof value === 'string' && !SECRET_REFERENCE.test(value),
  );
}

/**
 * `params` with every literal credential sealed. Secret references and values already sealed are
 * kept, so a legacy plaintext row is encrypted by its next save and a kept credential is not
 * sealed twice.
 */
export function encryptPolicyCredentials(
  params: Record<string, JsonValue>,
  dataKey: Uint8Array,
  aad: (param: string) => string,
): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] =
      CREDENTIAL_PARAMS.has(key) && typeof value === 'string' && !SECRET_REFERENCE.test(value)
        ? seal(value, dataKey, aad(key))
        : value;
  }
  return out;
}

/**
 * `params` with every sealed credential opened, for compiling the policy in the runtime only:
 * never for a response, a log or the audit trail. Legacy plaintext values pass through. Throws
 * CryptoError when a ciphertext does not open (wrong key, or copied from another row).
 */
export function decryptPolicyCredentials(
  params: Record<string, unknown>,
  dataKey: Uint8Array,
  aad: (param: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] = isEncryptedCredential(value)
      ? decryptValue(value.$encrypted, dataKey, aad(key))
      : value;
  }
  return out;
}
