import { encryptValue } from '@toolplane/crypto';
import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { validate } from '../validation';
import { type Secret, secretAad, secretOmit } from './secret-types';
import { secretInputSchema } from './set-secret';

/**
 * Replaces an existing secret's value: version + 1. NOT_FOUND when it does not exist; CONFLICT
 * when `expectedVersion` is given and stale.
 */
export async function rotateSecret(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  input: { name: string; value: string; expectedVersion?: number },
): Promise<Secret> {
  const { name, value } = validate(secretInputSchema, { name: input.name, value: input.value });
  return withTransaction(db, async (tx) => {
    const current = await tx.secret.findFirst({
      where: { workspaceId, name },
      select: { id: true, version: true },
    });
    if (!current) throw notFound('secret');
    const expected = input.expectedVersion ?? current.version;
    const dataKey = await getWorkspaceDataKey(tx, keyring, workspaceId);
    const { count } = await tx.secret.updateMany({
      where: { id: current.id, workspaceId, version: expected },
      data: {
        ciphertext: encryptValue(value, dataKey, secretAad(workspaceId, current.id)),
        version: { increment: 1 },
      },
    });
    if (count === 0) throw new DbError('CONFLICT', `secret ${name} changed since you loaded it`);
    await notifyChange(tx, { workspaceId, kind: 'secret', id: current.id });
    const secret = await tx.secret.findFirst({
      where: { id: current.id, workspaceId },
      omit: secretOmit,
    });
    if (!secret) throw notFound('secret');
    return secret;
  });
}
