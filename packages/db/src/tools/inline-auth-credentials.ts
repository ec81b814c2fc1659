import {
  decryptPolicyCredentials,
  encryptPolicyCredentials,
  hasPlaintextCredentials,
  isEncryptedCredential,
} from '../auth-policies/policy-credentials';
import type { Db } from '../client';
import { DbError } from '../errors';
import type { JsonValue } from '../json';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import type { ToolDefinition } from './tool-definition';

/**
 * Binds an inline credential to its workspace, tool and parameter — not to a version: rollback
 * copies an old version's block back onto the tool, and the ciphertext must still open there.
 * Copied to another tool or workspace, it fails to decrypt.
 */
export function inlineAuthCredentialAad(
  workspaceId: string,
  toolId: string,
  param: string,
): string {
  return `${workspaceId}:tool-inline-auth:${toolId}:${param}`;
}

/** The block's `params` when it has a plain-object one (only there does a credential live). */
function paramsOf(authInline: unknown): Record<string, JsonValue> | null {
  if (authInline === null || typeof authInline !== 'object' || Array.isArray(authInline))
    return null;
  const { params } = authInline as { params?: unknown };
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return null;
  return params as Record<string, JsonValue>;
}

/** True when the block holds a sealed credential, so a reader needs the data key to use it. */
export function hasSealedInlineCredentials(authInline: unknown): boolean {
  return Object.values(paramsOf(authInline) ?? {}).some(isEncryptedCredential);
}

/**
 * `definition` with the literal credentials of its inline auth block sealed, as
 * encryptPolicyCredentials seals a policy's: references and sealed values are kept, so a legacy
 * plaintext block (or version restored by rollback) is encrypted by its next save. Without a
 * keyring a literal credential is refused rather than stored in plaintext.
 */
export async function sealInlineAuth(
  db: Db,
  keyring: Keyring | undefined,
  workspaceId: string,
  toolId: string,
  definition: ToolDefinition,
): Promise<ToolDefinition> {
  const params = paramsOf(definition.authInline);
  if (!params || !hasPlaintextCredentials(params)) return definition;
  if (!keyring) {
    throw new DbError(
      'INVALID',
      'an inline auth block with a literal credential is stored encrypted: the keyring is needed to save it',
      { fields: ['authInline'] },
    );
  }
  const sealed = encryptPolicyCredentials(
    params,
    await getWorkspaceDataKey(db, keyring, workspaceId),
    (param) => inlineAuthCredentialAad(workspaceId, toolId, param),
  );
  return { ...definition, authInline: { ...definition.authInline, params: sealed } };
}

/**
 * The block with its sealed credentials opened, for compiling the tool in the runtime only:
 * never for a response, a log or the audit trail. Legacy plaintext passes through. Throws
 * CryptoError when a ciphertext does not open (wrong key, or copied from another tool).
 */
export function openInlineAuth(
  authInline: unknown,
  dataKey: Uint8Array,
  workspaceId: string,
  toolId: string,
): unknown {
  const params = paramsOf(authInline);
  if (!params) return authInline;
  return {
    ...(authInline as Record<string, unknown>),
    params: decryptPolicyCredentials(params, dataKey, (param) =>
      inlineAuthCredentialAad(workspaceId, toolId, param),
    ),
  };
}
