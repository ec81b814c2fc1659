import { type Db, withTransaction } from '../client';
import type { AuthPolicy } from '../generated/prisma/client';
import { newId } from '../ids';
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
 * Literal credential parameters are stored encrypted with the workspace's data key (see
 * policy-credentials.ts); `{{ env.NAME }}` references are stored as written.
 */
export async function createAuthPolicy(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  input: AuthPolicyInput,
): Promise<AuthPolicy> {
  const data = validate(authPolicyInputSchema, input);
  const id = newId('pol');
  return withTransaction(db, async (tx) => {
    const params = data.params as Record<string, JsonValue>;
    const stored = hasPlaintextCredentials(params)
      ? encryptPolicyCredentials(
          params,
          await getWorkspaceDataKey(tx, keyring, workspaceId),
          (param) => policyCredentialAad(workspaceId, id, param),
        )
      : params;
    const policy = await guard(
      tx.authPolicy.create({
        data: { ...data, id, workspaceId, params: json(stored) },
      }),
      'auth policy',
    );
    // Policies change how tools run: announced as a tool change without an id ("reload all").
    await notifyChange(tx, { workspaceId, kind: 'tool' });
    return policy;
  });
}
