import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import type { AuthPolicy } from '../generated/prisma/client';
import { type JsonValue, json } from '../json';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type AuthPolicyInput, authPolicyInputSchema } from './auth-policy-input';
import {
  encryptPolicyCredentials,
  hasPlaintextCredentials,
  policyCredentialAad,
} from './policy-credentials';

/**
 * Literal credentials are encrypted as in createAuthPolicy, including a legacy plaintext value
 * the patch keeps; values already encrypted (a kept credential) are stored unchanged.
 */
export async function updateAuthPolicy(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  policyId: string,
  input: Partial<AuthPolicyInput> & { expectedVersion: number },
): Promise<AuthPolicy> {
  const { expectedVersion, ...patch } = input;
  return withTransaction(db, async (tx) => {
    const current = await tx.authPolicy.findFirst({ where: { id: policyId, workspaceId } });
    if (!current) throw notFound('auth policy');
    const data = validate(authPolicyInputSchema, {
      name: current.name,
      description: current.description,
      plugin: current.plugin,
      params: current.params,
      scriptSource: current.scriptSource,
      scriptExport: current.scriptExport,
      ...patch,
    });
    const params = data.params as Record<string, JsonValue>;
    const stored = hasPlaintextCredentials(params)
      ? encryptPolicyCredentials(
          params,
          await getWorkspaceDataKey(tx, keyring, workspaceId),
          (param) => policyCredentialAad(workspaceId, policyId, param),
        )
      : params;
    const { count } = await guard(
      tx.authPolicy.updateMany({
        where: { id: policyId, workspaceId, version: expectedVersion },
        data: { ...data, params: json(stored), version: { increment: 1 } },
      }),
      'auth policy',
    );
    if (count === 0) throw new DbError('CONFLICT', 'the auth policy changed since you loaded it');
    await notifyChange(tx, { workspaceId, kind: 'tool' });
    const policy = await tx.authPolicy.findFirst({ where: { id: policyId, workspaceId } });
    if (!policy) throw notFound('auth policy');
    return policy;
  });
}
