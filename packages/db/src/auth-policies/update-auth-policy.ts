import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import type { AuthPolicy } from '../generated/prisma/client';
import { type JsonValue, json } from '../json';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type AuthPolicyInput, authPolicyInputSchema } from './auth-policy-input';

export async function updateAuthPolicy(
  db: Db,
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
    const { count } = await guard(
      tx.authPolicy.updateMany({
        where: { id: policyId, workspaceId, version: expectedVersion },
        data: { ...data, params: json(data.params as JsonValue), version: { increment: 1 } },
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
