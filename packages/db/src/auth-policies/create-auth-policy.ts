import { type Db, withTransaction } from '../client';
import type { AuthPolicy } from '../generated/prisma/client';
import { newId } from '../ids';
import { type JsonValue, json } from '../json';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type AuthPolicyInput, authPolicyInputSchema } from './auth-policy-input';

export async function createAuthPolicy(
  db: Db,
  workspaceId: string,
  input: AuthPolicyInput,
): Promise<AuthPolicy> {
  const data = validate(authPolicyInputSchema, input);
  return withTransaction(db, async (tx) => {
    const policy = await guard(
      tx.authPolicy.create({
        data: { ...data, id: newId('pol'), workspaceId, params: json(data.params as JsonValue) },
      }),
      'auth policy',
    );
    // Policies change how tools run: announced as a tool change without an id ("reload all").
    await notifyChange(tx, { workspaceId, kind: 'tool' });
    return policy;
  });
}
